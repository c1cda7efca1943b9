import { Anchor, Card, Group, Progress, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Overview } from '@aforo/contracts/overview';
import { formatNumber } from '../../../lib/format';

/**
 * The month's operation % so far (docs/REPORTS.md "Operation %") with the counts behind it, and a
 * link to the monthly report it comes from.
 */
export function OperationThisMonthCard({ overview }: { overview: Overview }) {
  const { t } = useTranslation();
  const op = overview.operationThisMonth;
  const today = overview.transmittingToday;
  return (
    <Card withBorder padding="md" data-testid="operation-this-month">
      <Group justify="space-between" align="baseline">
        <Text fw={600}>{t('overview.operationThisMonth')}</Text>
        <Anchor component={Link} to={`/app/reports/monthlySummary?month=${op.month}`} size="sm">
          {t('overview.monthlyReport')}
        </Anchor>
      </Group>
      <Group align="baseline" gap="xs">
        <Text fz={28} fw={700}>
          {op.percent === null ? '—' : `${formatNumber(op.percent, { maximumFractionDigits: 1 })} %`}
        </Text>
        <Text size="sm" c="dimmed">
          {op.days === 0
            ? t('overview.operationNoDays')
            : t('overview.operationCounts', {
                correct: op.correct,
                intermittent: op.intermittent,
                base: op.days - op.excluded - op.noTransmission,
              })}
        </Text>
      </Group>
      <Progress value={op.percent ?? 0} color="teal" mt={4} aria-hidden />
      <Text size="xs" c="dimmed" mt="xs" data-testid="operation-this-month-days">
        {t('overview.operationDays', {
          days: op.days,
          incorrect: op.incorrect,
          noTransmission: op.noTransmission,
          excluded: op.excluded,
        })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="transmitting-today">
        {t('overview.transmittingOf', { transmitting: today.transmitting, total: today.total })}
      </Text>
    </Card>
  );
}
