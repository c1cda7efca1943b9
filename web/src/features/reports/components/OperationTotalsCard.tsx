import { Card, Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OperationCounts } from '@aforo/contracts/reports';
import { cellColour } from '../day-classes';
import { useReportFormat } from '../use-report-format';
import { DayCellSwatch } from './DayCellSwatch';

export interface OperationTotalsCardProps {
  counts: OperationCounts;
  /** What the counts add up ("Todos los puntos, octubre de 2026"). */
  caption: string;
}

/**
 * The period's operation % written big, the counts behind it, and its formula in words and in
 * figures (docs/REPORTS.md "Operation %": every report prints the formula and the counts).
 */
export function OperationTotalsCard({ counts, caption }: OperationTotalsCardProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const n = (value: number) => f.number(value);
  const items = [
    ['correct', counts.correct],
    ['intermittent', counts.intermittent],
    ['incorrect', counts.incorrect],
    ['no_transmission', counts.noTransmission],
    ['excluded', counts.excluded],
  ] as const;
  return (
    <Card withBorder padding="md" data-testid="operation-totals">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap={4}>
          <Text fw={600}>{t('reports.totals.title')}</Text>
          <Text fz={40} fw={700} lh={1.1} aria-label={t('reports.totals.percentLabel')}>
            {f.percent(counts.percent)}
          </Text>
          <Progress value={counts.percent ?? 0} color="teal" aria-hidden />
          <Text size="sm" c="dimmed">
            {caption}
          </Text>
        </Stack>
        <Stack gap={6}>
          <Text size="sm">{t('reports.totals.days', { count: counts.days, days: n(counts.days) })}</Text>
          <Group gap="md">
            {items.map(([key, value]) => (
              <Group key={key} gap={6} wrap="nowrap">
                <DayCellSwatch colour={cellColour(key)} />
                <Text size="sm">
                  {t(`reports.classes.${key}`)}: <b>{n(value)}</b>
                </Text>
              </Group>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {t('reports.formula')}
          </Text>
          <Text size="sm" ff="monospace" data-testid="operation-figures">
            {counts.percent === null
              ? t('reports.totals.noBase')
              : t('reports.totals.figures', {
                  correct: n(counts.correct),
                  intermittent: n(counts.intermittent),
                  days: n(counts.days),
                  excluded: n(counts.excluded),
                  noTransmission: n(counts.noTransmission),
                  percent: f.percent(counts.percent),
                })}
          </Text>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
