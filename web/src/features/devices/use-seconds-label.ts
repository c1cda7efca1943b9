import { useTranslation } from 'react-i18next';

/** "15 minutos", "1 hora": a measure or transmission time in the largest whole unit. */
export function useSecondsLabel(): (seconds: number) => string {
  const { t } = useTranslation();
  return (seconds) => {
    if (seconds % 86400 === 0) return t('devices.time.days', { count: seconds / 86400 });
    if (seconds % 3600 === 0) return t('devices.time.hours', { count: seconds / 3600 });
    if (seconds % 60 === 0) return t('devices.time.minutes', { count: seconds / 60 });
    return t('devices.time.seconds', { count: seconds });
  };
}
