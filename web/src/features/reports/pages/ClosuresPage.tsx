import { Alert, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { NetworkCompanyFilter } from '../../../lib/network-company-filter';
import { useSession } from '../../../lib/session';
import { DataTable } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { useClosuresQuery } from '../closures-api';
import { ClosureDrawer } from '../components/ClosureDrawer';
import { CloseMonthButton } from '../components/CloseMonthButton';
import { ReportQueryState } from '../components/ReportQueryState';
import { registerReportTexts } from '../texts';
import { useClosureAccess } from '../use-closure-access';
import { useClosureColumns } from '../use-closure-columns';
import { useClosureSelection } from '../use-closure-selection';
import { useReportScope } from '../use-report-scope';
import { useUrlParams } from '../use-url-params';

registerReportTexts();

// the route's loader: a link's company view applies before the screen asks
// (web/src/features/reports/use-report-scope.ts)
export { reportScopeLoader as loader } from '../use-report-scope';

const listOptions: ListUrlOptions<'month'> = { orders: ['month'], defaultOrder: 'month' };

/**
 * /app/reports/closures (docs/REPORTS.md "Month close and revisions"): the closed months of the
 * current company — or, for provider staff in the network view, of every company or the one chosen
 * — newest first, each with its current revision's figures and stored files; a closure opens its
 * revisions and their change lists (`closure` and `revision` in the URL). ADMIN and CHIEF close a month.
 */
export function ClosuresPage() {
  const { t } = useTranslation();
  const scope = useReportScope();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  useUrlParams({ ...scope.url });
  const list = useListUrlState(listOptions);
  const selection = useClosureSelection();
  const access = useClosureAccess();
  const companyId = scope.all ? (scope.companyFilter ?? undefined) : (currentCompanyId ?? undefined);
  const query = useClosuresQuery({ companyId }, scope.ready);
  const rows = query.data?.rows ?? [];
  const columns = useClosureColumns((c) => selection.open(c.id));
  const opened = rows.find((c) => c.id === selection.closureId) ?? null;
  const start = (list.page - 1) * list.length;
  const title = t('screens.reportClosures');

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t('reports.closures.description')}
        actions={
          access.canClose && (
            <CloseMonthButton
              companies={access.companies}
              companyId={access.companyFor(companyId)}
              month={access.lastEnded}
              maxMonth={access.lastEnded}
              onClosed={(closure) => selection.open(closure.id)}
            />
          )
        }
      />
      {scope.all && (
        <Group gap="sm">
          <NetworkCompanyFilter />
        </Group>
      )}
      <ReportQueryState query={query} />
      {query.isSuccess && !query.isFetching && selection.closureId && !opened && (
        <Alert color="gray" variant="light">
          {t('reports.closures.notFound')}
        </Alert>
      )}
      <DataTable
        label={title}
        columns={columns}
        records={rows.slice(start, start + list.length)}
        total={rows.length}
        fetching={query.isFetching}
        page={list.page}
        length={list.length}
        onPageChange={list.setPage}
        onLengthChange={list.setLength}
        emptyText={t('reports.closures.empty')}
      />
      <ClosureDrawer
        closure={opened}
        revision={selection.revision}
        onShowRevision={selection.showRevision}
        canRevise={access.canClose}
        onClose={selection.close}
      />
    </Stack>
  );
}
