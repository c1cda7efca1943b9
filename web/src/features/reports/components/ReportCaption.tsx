import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MonthlyReport } from '@aforo/contracts/reports';
import { useTimeFormat } from '../../../lib/time';

type Header = Pick<MonthlyReport, 'company' | 'period' | 'generatedAt'>;

/** Whose report it is and of when: the company (or the network), the period, when it was made. */
export function ReportCaption({ report, period }: { report: Header; period: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  return (
    <Group gap="xs" justify="space-between">
      <Group gap="xs">
        <Text fw={600}>{report.company?.name ?? t('reports.network')}</Text>
        <Text c="dimmed">·</Text>
        <Text>{period}</Text>
        {report.period.open && (
          <Badge color="yellow" variant="light" title={t('reports.openHint')}>
            {t('reports.open')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {t('reports.generatedAt', { at: time.dateTime(report.generatedAt) })}
      </Text>
    </Group>
  );
}
