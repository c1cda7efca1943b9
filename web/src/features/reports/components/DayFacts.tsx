import { Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { dayJumpMetres } from '@aforo/contracts/daily-summaries';
import type { DailySummary, TimedValue } from '@aforo/contracts/daily-summaries';
import { LabeledValue } from '../../../ui/LabeledValue';
import { useReportFormat } from '../use-report-format';
import { DayClassBadge } from './DayClassBadge';

export interface DayFactsProps {
  summary: DailySummary;
  unit: string;
  /** The point's company's zone: the times of the day are on its clock. */
  timeZone: string;
}

/**
 * One series-day as the reports count it (docs/REPORTS.md "Daily summaries"): its class and why —
 * each deciding criterion with its count and the limit it reached — or its exclusion, then the
 * counts, extremes with their times, mean, first and last, and the day's length (23 or 25 h on a
 * DST change).
 */
export function DayFacts({ summary: s, unit, timeZone }: DayFactsProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const timed = (v: TimedValue | null) =>
    v ? t('reports.day.timedValue', { value: f.measure(v.value, unit), time: f.time(v.at, timeZone) }) : '—';
  return (
    <Stack gap="sm">
      <Group gap="xs">
        <DayClassBadge dayClass={s.class} />
        {s.exclusion && (
          <Text size="sm">
            {t('reports.day.exclusion', { cause: t(`reports.exclusions.${s.exclusion}`) })}
          </Text>
        )}
      </Group>
      {s.reasons.length > 0 && (
        <List size="sm" spacing={2} aria-label={t('reports.day.reasons')}>
          {s.reasons.map((r) => (
            <List.Item key={r.criterion}>
              {t('reports.day.reason', {
                criterion: t(`reports.criteria.${r.criterion}`, { metres: f.number(dayJumpMetres) }),
                n: r.count,
                limit: r.limit,
              })}
            </List.Item>
          ))}
        </List>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        <LabeledValue label={t('reports.fields.min')}>{timed(s.min)}</LabeledValue>
        <LabeledValue label={t('reports.fields.max')}>{timed(s.max)}</LabeledValue>
        <LabeledValue label={t('reports.fields.mean')}>{f.measure(s.mean, unit)}</LabeledValue>
        <LabeledValue label={t('reports.day.first')}>{timed(s.first)}</LabeledValue>
        <LabeledValue label={t('reports.day.last')}>{timed(s.last)}</LabeledValue>
        <LabeledValue label={t('reports.day.count')}>
          {t('reports.day.countOfExpected', { measured: f.number(s.count), expected: f.number(s.expected) })}
        </LabeledValue>
        <LabeledValue label={t('reports.day.hours')}>
          {t('reports.day.hoursValue', { hours: f.number(s.hours) })}
        </LabeledValue>
        <LabeledValue label={t('reports.day.checks')}>
          {t('reports.day.checksValue', {
            outOfRange: s.outOfRange,
            jumps: s.jumps,
            equalRun: s.longestEqualRun,
          })}
        </LabeledValue>
        {s.totalKind && (
          <LabeledValue label={t(`reports.fields.total.${s.totalKind}`)}>
            {f.total(s.total, s.totalKind)}
          </LabeledValue>
        )}
      </SimpleGrid>
    </Stack>
  );
}
