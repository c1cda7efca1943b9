import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { rights } from '@aforo/contracts/roles';
import { useRoleCheck } from '../../../lib/current-user';
import { useNetworkScope } from '../../../lib/network-scope';
import { useListUrlState } from '../../../lib/url-state';
import { alertRowBackgrounds } from '../../../ui/alert-colours';
import { DataTable } from '../../../ui/DataTable';
import { listTableProps } from '../../../ui/list-table';
import type { RowAction } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { showToast } from '../../../ui/toasts';
import { useAlertsQuery, useUnshelveAlertMutation } from '../api';
import {
  alertQueryParams,
  alertListOptions,
  defaultAlertState,
  isAcknowledgeable,
  shownState,
} from '../alert-filters';
import { AcknowledgeModal } from '../components/AcknowledgeModal';
import { AlertFilters } from '../components/AlertFilters';
import { NetworkCompanyFilter } from '../components/NetworkCompanyFilter';
import { ShelveModal } from '../components/ShelveModal';
import { alertPath, useAlertColumns } from '../use-alert-columns';

type Dialog = { kind: 'acknowledge' | 'shelve'; ids: string[] } | null;

/**
 * /app/operation/alerts: the company's alerts — or, for provider staff in the network view, every
 * company's, with a company column and filter — coloured by level, filtered in the URL, live from the
 * stream. A row opens the alert's detail. Operators (right alerts.acknowledge) acknowledge and shelve
 * from the row's menu, or the selected rows at once.
 */
export function AlertsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const list = useListUrlState(alertListOptions);
  const network = useNetworkScope();
  const params = { ...alertQueryParams(list), ...network.params };
  // the user decides whether the list is the network's: wait for it rather than ask twice
  const query = useAlertsQuery(params, { enabled: network.ready });
  const canAct = useRoleCheck({ roles: rights['alerts.acknowledge'] }) === true;
  const unshelve = useUnshelveAlertMutation();
  // a selection belongs to the rows on screen: another page or filter starts a new one, and rows
  // refetched live stay selected as their fresh objects (those that left the page drop out)
  const pageKey = JSON.stringify(params);
  const [selection, setSelection] = useState<{ pageKey: string; ids: string[] }>({ pageKey, ids: [] });
  const selectedIds = selection.pageKey === pageKey ? selection.ids : [];
  const selected = (query.data?.rows ?? []).filter((a) => selectedIds.includes(a.id));
  const setSelected = (rows: Alert[]) => setSelection({ pageKey, ids: rows.map((a) => a.id) });
  const [dialog, setDialog] = useState<Dialog>(null);

  const rowActions = (a: Alert): RowAction[] => [
    {
      key: 'acknowledge',
      label: t('alerts.actions.acknowledge'),
      hidden: !isAcknowledgeable(a),
      onClick: () => setDialog({ kind: 'acknowledge', ids: [a.id] }),
    },
    {
      key: 'shelve',
      label: t('alerts.actions.shelve'),
      hidden: !a.active,
      onClick: () => setDialog({ kind: 'shelve', ids: [a.id] }),
    },
    {
      key: 'unshelve',
      label: t('alerts.actions.unshelve'),
      hidden: !a.shelved,
      onClick: () =>
        unshelve.mutate(a.id, {
          onSuccess: () => showToast('success', t('alerts.done.unshelved')),
          onError: (error) => showToast('error', error.message),
        }),
    },
  ];
  const columns = useAlertColumns({ rowActions: canAct ? rowActions : undefined, withCompany: network.all });
  // back from the detail returns to this very list (filters, page)
  const open = (a: Alert) =>
    void navigate(alertPath(a.id), { state: { back: `${location.pathname}${location.search}` } });
  const ids = selected.map((a) => a.id);
  const attentionView = shownState(list.filters.state) === defaultAlertState;

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.alerts')}
        description={t('alerts.hint')}
        actions={
          <Anchor component={Link} to="/app/operation/events" size="sm">
            {t('alerts.seeEvents')}
          </Anchor>
        }
      />
      <Group align="flex-end" gap="sm">
        {network.all && <NetworkCompanyFilter />}
        <AlertFilters list={list} />
      </Group>
      {canAct && selected.length > 0 && (
        <Group gap="sm" data-testid="alert-bulk-actions">
          <Text size="sm" fw={500}>
            {t('alerts.selected', { count: selected.length })}
          </Text>
          <Button size="xs" onClick={() => setDialog({ kind: 'acknowledge', ids })}>
            {t('alerts.actions.acknowledgeSelected', { count: selected.length })}
          </Button>
          <Button size="xs" variant="light" onClick={() => setDialog({ kind: 'shelve', ids })}>
            {t('alerts.actions.shelveSelected', { count: selected.length })}
          </Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => setSelected([])}>
            {t('alerts.actions.clearSelection')}
          </Button>
        </Group>
      )}
      <DataTable
        label={t('screens.alerts')}
        columns={columns}
        {...listTableProps(list, query)}
        emptyText={t(attentionView ? 'alerts.emptyAttention' : 'alerts.empty')}
        rowStyle={(a) => ({
          cursor: 'pointer',
          ...(a.active ? { backgroundColor: alertRowBackgrounds[a.level] } : {}),
        })}
        onRowClick={open}
        selection={
          canAct
            ? {
                selected,
                onChange: setSelected,
                allLabel: t('alerts.selectAll'),
                rowLabel: (a) => t('alerts.selectRow', { point: a.pointName }),
              }
            : undefined
        }
      />
      {dialog?.kind === 'acknowledge' && (
        <AcknowledgeModal ids={dialog.ids} onClose={() => setDialog(null)} onDone={() => setSelected([])} />
      )}
      {dialog?.kind === 'shelve' && (
        <ShelveModal ids={dialog.ids} onClose={() => setDialog(null)} onDone={() => setSelected([])} />
      )}
    </Stack>
  );
}
