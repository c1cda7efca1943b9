import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Alert } from '@aforo/contracts/alerts';
import { formatValue } from '../../../lib/format';
import { onLiveEvent } from '../../../lib/live-stream-provider';
import { useTimeFormat } from '../../../lib/time';
import { showToast } from '../../../ui/toasts';

/** Levels that interrupt whoever is looking (docs/ALERTS.md: they also pass quiet hours). */
const loudLevels = new Set<Alert['level']>(['DANGER', 'NO_TRANSMISSION']);

/**
 * Whether a streamed alert deserves a toast: a new open DANGER or NO_TRANSMISSION that anyone is
 * told about — not a repeat or a later change of one already shown, not a cleared one, not a
 * shelved, muted (test point, maintenance) or late (back-filled) one.
 */
export function isToastWorthy(alert: Alert, shown: ReadonlySet<string>): boolean {
  return (
    loudLevels.has(alert.level) &&
    alert.state === 'open' &&
    // a repeat raises the count of one opened earlier (perhaps before this tab opened)
    alert.count === 1 &&
    !alert.shelved &&
    !alert.muted &&
    !alert.late &&
    !shown.has(alert.id)
  );
}

/** A toast for each new loud alert arriving on the tab's stream (the stream sends no initial load). */
export function AlertToasts() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  useEffect(() => {
    const shown = new Set<string>();
    return onLiveEvent((event) => {
      if (event.name !== 'alert' || !isToastWorthy(event.data, shown)) return;
      const alert = event.data;
      shown.add(alert.id);
      const value = alert.lastValue === null ? '—' : `${formatValue(alert.lastValue)} ${alert.unit}`;
      showToast(
        alert.level === 'DANGER' ? 'error' : 'warning',
        t('alerts.toast.message', {
          type: t(`alerts.types.${alert.type}`),
          value,
          time: time.dateTime(alert.lastAt),
        }),
        t('alerts.toast.title', { level: t(`alerts.levels.${alert.level}`), point: alert.pointName }),
      );
    });
  }, [t, time]);
  return null;
}
