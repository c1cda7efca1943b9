import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languages } from '@aforo/contracts/constants';
import type { Language } from '@aforo/contracts/constants';
import { sessionStore, useSession } from '../lib/session';

export interface LanguageSelectProps {
  size?: 'xs' | 'sm' | 'md';
  fullWidth?: boolean;
}

/** ES / EN switch; the choice is kept in the session store and sent as Accept-Language. */
export function LanguageSelect({ size = 'xs', fullWidth = false }: LanguageSelectProps) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <SegmentedControl
      aria-label={t('common.language')}
      size={size}
      fullWidth={fullWidth}
      value={language}
      onChange={(value) => sessionStore.setLanguage(value as Language)}
      data={languages.map((code) => ({
        value: code,
        label: fullWidth ? t(`common.languages.${code}`) : code.toUpperCase(),
      }))}
    />
  );
}
