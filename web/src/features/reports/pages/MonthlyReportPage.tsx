import { Alert, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MonthlyRow, ReportDay } from '@aforo/contracts/reports';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { reportPath, useMonthlyReportQuery } from '../api';
import { CloseMonthButton } from '../components/CloseMonthButton';
import { ClosedMonthBanner } from '../components/ClosedMonthBanner';
import { DayClassLegend } from '../components/DayClassLegend';
import { DayDetailDrawer, type DayTarget } from '../components/DayDetailDrawer';
import { MonthPicker } from '../components/MonthPicker';
import { OperationTotalsCard } from '../components/OperationTotalsCard';
import { ReportCaption } from '../components/ReportCaption';
import { ReportDownloads } from '../components/ReportDownloads';
import { ReportFilters } from '../components/ReportFilters';
import { ReportQueryState } from '../components/ReportQueryState';
import { ReportTable } from '../components/ReportTable';
import { defaultMonth, isMonth, monthDays } from '../report-period';
import { registerReportTexts } from '../texts';
import { useClosureAccess } from '../use-closure-access';
import { closureLink } from '../use-closure-selection';
import { useCompanyToday, useZoneOfCompany } from '../use-company-clock';
import { useMonthlyColumns } from '../use-monthly-columns';
import { useReportFormat } from '../use-report-format';
import { useReportScope } from '../use-report-scope';
import { useUrlParams } from '../use-url-params';

registerReportTexts();

// the route's loader: a link's company view applies before the screen asks
// (web/src/features/reports/use-report-scope.ts)
export { reportScopeLoader as loader } from '../use-report-scope';

const listOptions: ListUrlOptions<'name', 'month'> = {
  orders: ['name'],
  defaultOrder: 'name',
  defaultDir: 'ASC',
  filters: ['month'],
};

/**
 * /app/reports/monthlySummary (docs/REPORTS.md "Monthly summary"): the month's operation % and the
 * counts behind it, then per point its days as a calendar strip (a day opens its detail), the days
 * per class, the operation %, the level and the rain or volume total; PDF, CSV and XLSX of the same
 * query. The month and the company are in the URL. A closed month is its frozen version, said so
 * with a link to its closure; ADMIN and CHIEF close a company's ended month from here.
 */
export function MonthlyReportPage() {
  const { t } = useTranslation();
  const f = useReportFormat();
  const today = useCompanyToday();
  const zoneOf = useZoneOfCompany();
  const scope = useReportScope();
  const list = useListUrlState(listOptions);
  const month = isMonth(list.filters.month) ? list.filters.month : defaultMonth(today);
  useUrlParams({ month, ...scope.url });
  const params = { month, ...scope.params };
  const query = useMonthlyReportQuery(params, scope.ready);
  const report = query.data;
  const [target, setTarget] = useState<DayTarget | null>(null);
  const withCompany = report !== undefined && report.company === null;
  const rowZone = (row: MonthlyRow) => report?.company?.timeZone ?? zoneOf(row.companyId);
  const openDay = (row: MonthlyRow, day: ReportDay) =>
    setTarget({ point: row, day, withCompany, timeZone: rowZone(row) });
  const columns = useMonthlyColumns({
    days: monthDays(month),
    withCompany,
    zoneOf: rowZone,
    onOpenDay: openDay,
  });
  const title = t('screens.monthlySummary');
  const access = useClosureAccess();
  const company = report?.company ?? null;
  const closable = access.canClose && company !== null && !report?.closure && report?.period.open === false;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t('reports.monthly.description')}
        actions={
          <>
            {closable && (
              <CloseMonthButton
                companies={[{ value: company.id, label: company.name }]}
                companyId={company.id}
                month={month}
                maxMonth={access.lastEnded}
                fixed
              />
            )}
            <ReportDownloads
              path={reportPath('monthly')}
              params={params}
              disabledReason={scope.ready ? undefined : t('common.loading')}
            />
          </>
        }
      />
      <ReportFilters search={list.search} onSearch={list.setSearch}>
        <MonthPicker value={month} onChange={(next) => list.setFilter('month', next)} />
      </ReportFilters>
      <ReportQueryState query={query} />
      {report && (
        <>
          <ReportCaption report={report} period={f.month(report.period.label)} />
          {report.closure && report.company && (
            <ClosedMonthBanner
              closure={report.closure}
              timeZone={report.company.timeZone}
              to={closureLink(report.closure.closureId, scope.params)}
            />
          )}
          {report.rows.length > 0 && report.totals.days === 0 && (
            <Alert color="gray" variant="light" title={t('reports.empty.noDaysTitle')}>
              {t('reports.empty.noDays')}
            </Alert>
          )}
          <OperationTotalsCard
            counts={report.totals}
            caption={t('reports.totals.caption', { count: report.rows.length, period: f.month(month) })}
          />
          <DayClassLegend />
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
      <DayDetailDrawer target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
