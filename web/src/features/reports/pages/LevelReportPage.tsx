import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { messageForCode } from '../../../lib/api';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { reportPath, useLevelReportQuery } from '../api';
import { LevelPointsList } from '../components/LevelPointsList';
import { ReportCaption } from '../components/ReportCaption';
import { ReportDownloads } from '../components/ReportDownloads';
import { ReportFilters } from '../components/ReportFilters';
import { ReportQueryState } from '../components/ReportQueryState';
import { defaultLevelRange, isDay, levelRangeProblems } from '../report-period';
import type { RangeProblem } from '../report-period';
import { registerReportTexts } from '../texts';
import { useCompanyToday } from '../use-company-clock';
import { useReportFormat } from '../use-report-format';
import { useReportScope } from '../use-report-scope';
import { useUrlParams } from '../use-url-params';

registerReportTexts();

// the route's loader: a link's company view applies before the screen asks
// (web/src/features/reports/use-report-scope.ts)
export { reportScopeLoader as loader } from '../use-report-scope';

const listOptions: ListUrlOptions<'name', 'from' | 'to'> = {
  orders: ['name'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
  filters: ['from', 'to'],
};

/**
 * /app/reports/levelSummary (docs/REPORTS.md "Level summary"): per point and day the minimum,
 * maximum and mean level over a range of days. The list takes 2 months (DR1001), the downloads a
 * year (DR1000) — the ZIP holds the daily levels as CSV and the summary as XLSX. Said before asking,
 * with the server's own messages (contracts/src/errors/telemetry.ts).
 */
export function LevelReportPage() {
  const { t } = useTranslation();
  const f = useReportFormat();
  const today = useCompanyToday();
  const scope = useReportScope();
  const list = useListUrlState(listOptions);
  const defaults = defaultLevelRange(today);
  const from = isDay(list.filters.from) ? list.filters.from : defaults.from;
  const to = isDay(list.filters.to) ? list.filters.to : defaults.to;
  useUrlParams({ from, to, ...scope.url });
  const problems = levelRangeProblems(from, to);
  const params = { from, to, ...scope.params };
  const query = useLevelReportQuery(params, scope.ready && !problems.list);
  const report = problems.list ? undefined : query.data;
  const problemText = (p: RangeProblem) => (p === 'order' ? t('reports.level.order') : messageForCode(p));
  const title = t('screens.levelSummary');

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t('reports.level.description')}
        actions={
          <ReportDownloads
            path={reportPath('level')}
            params={params}
            zip
            disabledReason={
              problems.file ? problemText(problems.file) : scope.ready ? undefined : t('common.loading')
            }
          />
        }
      />
      <ReportFilters search={list.search} onSearch={list.setSearch}>
        <DateTimeInput
          label={t('common.dateRange.from')}
          withTime={false}
          value={from}
          onChange={(value) => list.setFilter('from', value)}
          w={160}
        />
        <DateTimeInput
          label={t('common.dateRange.to')}
          withTime={false}
          value={to}
          onChange={(value) => list.setFilter('to', value)}
          w={160}
        />
      </ReportFilters>
      {problems.list ? (
        <Alert color="orange" variant="light" role="alert" title={t('reports.level.rangeTitle')}>
          {problemText(problems.list)} {problems.file ? '' : t('reports.level.downloadsStill')}
        </Alert>
      ) : (
        <ReportQueryState query={query} />
      )}
      {report && (
        <>
          <ReportCaption
            report={report}
            period={t('reports.level.period', {
              from: f.day(report.period.from),
              to: f.day(report.period.to),
            })}
          />
          <LevelPointsList
            rows={report.rows}
            withCompany={report.company === null}
            list={list}
            emptyText={t(list.search ? 'reports.empty.noMatch' : 'reports.empty.noPoints')}
          />
        </>
      )}
    </Stack>
  );
}
