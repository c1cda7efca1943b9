import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthlyRow } from '@aforo/contracts/reports';
import { useReportFormat } from '../use-report-format';

/**
 * A point's month in figures: for a level series the minimum and maximum with when (the company's
 * clock) and the mean; for a pulse series the month's rain or volume (a main series is one or the other).
 */
export function MonthLevelCell({ row, timeZone }: { row: MonthlyRow; timeZone: string }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const { min, max, mean } = row.level;
  if (row.totalKind)
    return (
      <Text size="xs" ta="right" style={{ whiteSpace: 'nowrap' }}>
        {t(`reports.fields.total.${row.totalKind}`)} <b>{f.total(row.total, row.totalKind)}</b>
      </Text>
    );
  if (!min && !max && mean === null) return <Text size="sm">—</Text>;
  const line = (label: string, value: number | null, at?: string) => (
    <Text size="xs" ta="right" style={{ whiteSpace: 'nowrap' }}>
      {label} <b>{f.measure(value, row.unit)}</b>
      {at && (
        <Text span size="xs" c="dimmed">
          {' '}
          · {f.dayTime(at, timeZone)}
        </Text>
      )}
    </Text>
  );
  return (
    <Stack gap={0} align="flex-end">
      {line(t('reports.level.min'), min?.value ?? null, min?.at)}
      {line(t('reports.level.max'), max?.value ?? null, max?.at)}
      {line(t('reports.level.mean'), mean)}
    </Stack>
  );
}
