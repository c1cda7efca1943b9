import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { reportPath, useQuarterlyReportQuery } from '../api';
import { OperationTotalsCard } from '../components/OperationTotalsCard';
import { QuarterPicker } from '../components/QuarterPicker';
import { ReportCaption } from '../components/ReportCaption';
import { ReportDownloads } from '../components/ReportDownloads';
import { ReportFilters } from '../components/ReportFilters';
import { ReportQueryState } from '../components/ReportQueryState';
import { ReportTable } from '../components/ReportTable';
import { dayText, defaultQuarter, isQuarter, quarterOf } from '../report-period';
import { registerReportTexts } from '../texts';
import { useCompanyToday } from '../use-company-clock';
import { useQuarterlyColumns } from '../use-quarterly-columns';
import { useReportFormat } from '../use-report-format';
import { useReportScope } from '../use-report-scope';
import { useUrlParams } from '../use-url-params';

registerReportTexts();

// the route's loader: a link's company view applies before the screen asks
// (web/src/features/reports/use-report-scope.ts)
export { reportScopeLoader as loader } from '../use-report-scope';

const listOptions: ListUrlOptions<'name', 'quarter'> = {
  orders: ['name'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
  filters: ['quarter'],
};

/** The three months "2026-10", "2026-11", "2026-12" of "2026-Q4". */
function monthsOf(quarter: string): string[] {
  const first = (Number(quarter.slice(6)) - 1) * 3 + 1;
  return [0, 1, 2].map((i) => `${quarter.slice(0, 4)}-${String(first + i).padStart(2, '0')}`);
}

/**
 * /app/reports/quarterlySummary (docs/REPORTS.md "Quarterly summary"): the quarter's operation % and
 * its counts, then per point the three months' operation % and the quarter's averages; PDF, CSV and
 * XLSX of the same query. The quarter and the company are in the URL.
 */
export function QuarterlyReportPage() {
  const { t } = useTranslation();
  const f = useReportFormat();
  const today = useCompanyToday();
  const scope = useReportScope();
  const list = useListUrlState(listOptions);
  const quarter = isQuarter(list.filters.quarter) ? list.filters.quarter : defaultQuarter(today);
  useUrlParams({ quarter, ...scope.url });
  const params = { quarter, ...scope.params };
  const query = useQuarterlyReportQuery(params, scope.ready);
  const report = query.data;
  const withCompany = report !== undefined && report.company === null;
  const columns = useQuarterlyColumns({ months: report?.months ?? monthsOf(quarter), withCompany });
  const title = t('screens.quarterlySummary');

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t('reports.quarterly.description')}
        actions={
          <ReportDownloads
            path={reportPath('quarterly')}
            params={params}
            disabledReason={scope.ready ? undefined : t('common.loading')}
          />
        }
      />
      <ReportFilters search={list.search} onSearch={list.setSearch}>
        <QuarterPicker
          value={quarter}
          latest={quarterOf(dayText(today).slice(0, 7))}
          onChange={(next) => list.setFilter('quarter', next)}
        />
      </ReportFilters>
      <ReportQueryState query={query} />
      {report && (
        <>
          <ReportCaption report={report} period={f.quarter(report.period.label)} />
          {report.rows.length > 0 && report.totals.days === 0 && (
            <Alert color="gray" variant="light" title={t('reports.empty.noDaysTitle')}>
              {t('reports.empty.noDaysQuarter')}
            </Alert>
          )}
          <OperationTotalsCard
            counts={report.totals}
            caption={t('reports.totals.caption', { count: report.rows.length, period: f.quarter(quarter) })}
          />
          <ReportTable
            label={title}
            columns={columns}
            rows={report.rows}
            list={list}
            fetching={query.isFetching}
            emptyText={t(list.search ? 'reports.empty.noMatch' : 'reports.empty.noPoints')}
          />
        </>
      )}
    </Stack>
  );
}
