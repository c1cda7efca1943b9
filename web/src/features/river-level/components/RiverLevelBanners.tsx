import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RiverLevelView } from '@aforo/contracts/river-level';
import { ageParts } from '../gauge-scale';

/** The state of the data above the gauge: stale, suspect, failed, maintenance, no data. */
export function RiverLevelBanners({ level }: { level: RiverLevelView }) {
  const { t, i18n } = useTranslation();
  // the age as of when the data was shown; a refetch (live stream) shows it anew
  const [now] = useState(Date.now);
  const banners: { key: string; colour: string; text: string }[] = [];
  if (level.state.maintenance)
    banners.push({ key: 'maintenance', colour: 'blue', text: t('riverLevel.maintenance') });
  if (!level.current) {
    banners.push({ key: 'noData', colour: 'gray', text: t('riverLevel.noData') });
  } else if (level.state.stale) {
    const { value, unit } = ageParts(now - Date.parse(level.current.ts));
    const age = new Intl.RelativeTimeFormat(i18n.language, { numeric: 'always' }).format(-value, unit);
    banners.push({ key: 'stale', colour: 'gray', text: t('riverLevel.stale', { age }) });
  }
  if (level.state.failed) banners.push({ key: 'failed', colour: 'red', text: t('riverLevel.failed') });
  else if (level.state.suspect)
    banners.push({ key: 'suspect', colour: 'orange', text: t('riverLevel.suspect') });
  if (banners.length === 0) return null;
  return (
    <Stack gap={4}>
      {banners.map((b) => (
        <Alert key={b.key} color={b.colour} variant="light" p={6} data-banner={b.key}>
          {b.text}
        </Alert>
      ))}
    </Stack>
  );
}
