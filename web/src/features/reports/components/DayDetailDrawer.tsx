import { Alert, Divider, Drawer, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportDay, ReportPoint } from '@aforo/contracts/reports';
import { fromZonedInput } from '../../../lib/time';
import { useDaySeriesQuery, useDaySummariesQuery } from '../api';
import { addDays } from '../report-period';
import { useReportFormat } from '../use-report-format';
import { DayChart } from './DayChart';
import { DayClassBadge } from './DayClassBadge';
import { DayExclusions } from './DayExclusions';
import { DayFacts } from './DayFacts';

/** A point-day of a report, and the zone its day is on. */
export interface DayTarget {
  point: ReportPoint;
  day: ReportDay;
  timeZone: string;
  /** Name the company beside the point (the network view). */
  withCompany: boolean;
}

/** The instants a local day starts and ends at: 23 or 25 hours apart on a DST change. */
function dayBounds(day: string, timeZone: string) {
  const start = fromZonedInput(`${day}T00:00`, timeZone);
  const end = fromZonedInput(`${addDays(day, 1)}T00:00`, timeZone);
  return { from: Date.parse(start ?? ''), to: Date.parse(end ?? '') };
}

/**
 * A click on a day of the monthly strip (docs/REPORTS.md "Monthly summary"): the day's summary of
 * each series of the point — the main one, which the class counts on, first — and its measures;
 * then the exclusions agreed and the notes on it (docs/REPORTS.md "Agreed exclusions and notes").
 */
export function DayDetailDrawer({ target, onClose }: { target: DayTarget | null; onClose: () => void }) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const [chosen, setChosen] = useState<string | null>(null);
  const summaries = useDaySummariesQuery(
    target ? { pointId: target.point.pointId, companyId: target.point.companyId, day: target.day.day } : null,
  );
  const rows = [...(summaries.data?.rows ?? [])].sort((a, b) => Number(b.main) - Number(a.main));
  const summary = rows.find((r) => r.port === chosen) ?? rows[0];
  const bounds = target ? dayBounds(target.day.day, target.timeZone) : null;
  const series = useDaySeriesQuery(
    target && summary && bounds && summary.count > 0
      ? { pointId: target.point.pointId, companyId: target.point.companyId, port: summary.port, ...bounds }
      : null,
  );
  const close = () => {
    setChosen(null);
    onClose();
  };
  const unit = summary?.main ? (target?.point.unit ?? '') : (series.data?.unit ?? '');

  return (
    <Drawer
      opened={target !== null}
      onClose={close}
      position="right"
      size="lg"
      title={target ? t('reports.day.title', { point: target.point.name }) : ''}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target && (
        <Stack gap="md">
          <Group gap="xs" justify="space-between">
            <Title order={3} size="h5">
              {f.dayWithWeekday(target.day.day)}
            </Title>
            {/* the report's class until the day's summary, which shows its own, is here */}
            {!summary && <DayClassBadge dayClass={target.day.class} />}
          </Group>
          {target.withCompany && (
            <Text size="sm" c="dimmed">
              {target.point.companyName}
            </Text>
          )}
          {summaries.error && (
            <Alert color="red" variant="light">
              {summaries.error.message}
            </Alert>
          )}
          {summaries.isLoading && <Loader size="sm" aria-label={t('common.loading')} />}
          {summaries.isSuccess && rows.length === 0 && (
            <Text c="dimmed">{t(target.day.class ? 'reports.day.noSummary' : 'reports.day.notYet')}</Text>
          )}
          {rows.length > 1 && (
            <SegmentedControl
              aria-label={t('reports.day.series')}
              data={rows.map((r) => ({
                value: r.port,
                label: r.main ? t('reports.day.mainSeries', { port: r.port }) : r.port || '—',
              }))}
              value={summary?.port ?? ''}
              onChange={setChosen}
            />
          )}
          {summary && <DayFacts summary={summary} unit={unit} timeZone={target.timeZone} />}
          {summary && summary.count > 0 && <DayChart query={series} />}
          <Divider />
          <DayExclusions point={target.point} day={target.day.day} />
        </Stack>
      )}
    </Drawer>
  );
}
