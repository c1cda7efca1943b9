import { Group, Select, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exclusionStatuses } from '@aforo/contracts/report-exclusions';
import type { ReportExclusion } from '@aforo/contracts/report-exclusions';
import { rights } from '@aforo/contracts/roles';
import { useRoleCheck } from '../../../lib/current-user';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { ExclusionReviewDialog, type ReviewDecision } from '../components/ExclusionReviewDialog';
import { ReportQueryState } from '../components/ReportQueryState';
import { useExclusionsQuery } from '../exclusions-api';
import { isDay } from '../report-period';
import { pageOf } from '../report-rows';
import { registerReportTexts } from '../texts';
import { useExclusionColumns } from '../use-exclusion-columns';
import { useWithdrawExclusion } from '../use-withdraw-exclusion';

registerReportTexts();

const listOptions: ListUrlOptions<'created', 'status' | 'from' | 'to'> = {
  orders: ['created'],
  defaultOrder: 'created',
  filters: ['status', 'from', 'to'],
};

/**
 * /app/reports/exclusions (docs/REPORTS.md "Agreed exclusions and notes"): the current company's
 * exclusions agreed and notes, newest first, with their status — for provider staff, who withdraw
 * them (ADMIN, CHIEF), and for the client's admins, who accept or dispute each with a comment. The
 * days (from, to), the status and the search over the points are in the URL.
 */
export function ExclusionsPage() {
  const { t } = useTranslation();
  const list = useListUrlState(listOptions);
  const canReview = useRoleCheck({ roles: rights['reports.review'] }) === true;
  const canEdit = useRoleCheck({ roles: rights['supervision.edit'] }) === true;
  const { from, to, status } = list.filters;
  const query = useExclusionsQuery({ from: isDay(from) ? from : undefined, to: isDay(to) ? to : undefined });
  const [reviewing, setReviewing] = useState<{ exclusion: ReportExclusion; decision: ReviewDecision } | null>(
    null,
  );
  const withdraw = useWithdrawExclusion();
  const columns = useExclusionColumns({
    onReview: canReview ? (exclusion, decision) => setReviewing({ exclusion, decision }) : undefined,
    onWithdraw: canEdit ? withdraw : undefined,
  });
  const rows = (query.data?.rows ?? [])
    .filter((e) => !status || e.status === status)
    .map((e) => ({ ...e, name: e.pointName, companyName: '' }));
  const shown = pageOf(rows, list);
  const title = t('screens.reportExclusions');

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t(canReview ? 'reports.agreed.clientDescription' : 'reports.agreed.description')}
      />
      <Group align="flex-end" gap="sm">
        <DateTimeInput
          withTime={false}
          label={t('reports.agreed.from')}
          value={from ?? ''}
          onChange={(value) => list.setFilter('from', value)}
          clearable={Boolean(from)}
          w={160}
        />
        <DateTimeInput
          withTime={false}
          label={t('reports.agreed.to')}
          value={to ?? ''}
          onChange={(value) => list.setFilter('to', value)}
          clearable={Boolean(to)}
          w={160}
        />
        <Select
          label={t('reports.agreed.status')}
          placeholder={t('reports.agreed.anyStatus')}
          data={exclusionStatuses.map((s) => ({ value: s, label: t(`reports.agreed.statuses.${s}`) }))}
          value={status ?? null}
          onChange={(value) => list.setFilter('status', value)}
          clearable
          w={180}
        />
        <SearchInput
          label={t('reports.search')}
          placeholder={t('reports.search')}
          value={list.search}
          onChange={list.setSearch}
          width={220}
        />
      </Group>
      <ReportQueryState query={query} />
      <DataTable
        label={title}
        columns={columns}
        records={shown.rows}
        total={shown.total}
        fetching={query.isFetching}
        page={list.page}
        length={list.length}
        onPageChange={list.setPage}
        onLengthChange={list.setLength}
        emptyText={t('reports.agreed.empty')}
      />
      {reviewing && (
        <ExclusionReviewDialog
          exclusion={reviewing.exclusion}
          decision={reviewing.decision}
          onClose={() => setReviewing(null)}
        />
      )}
    </Stack>
  );
}
