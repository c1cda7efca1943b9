import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { formatValue } from '../../lib/format';
import { useTimeFormat } from '../../lib/time';
import type { DataTableColumn } from '../../ui/DataTable';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import type { RowAction } from '../../ui/RowActionsMenu';
import { AlertLevelBadge } from './components/AlertLevelBadge';
import { AlertStateBadge } from './components/AlertStateBadge';

const pointPath = (id: string) => `/app/operation/points/${encodeURIComponent(id)}`;

/** The columns of the alerts table; the actions column only when the user may act (rowActions given). */
export function useAlertColumns(rowActions?: (alert: Alert) => RowAction[]): DataTableColumn<Alert>[] {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const withUnit = (value: number | null, unit: string) =>
    value === null ? '—' : `${formatValue(value)} ${unit}`;
  const columns: DataTableColumn<Alert>[] = [
    {
      accessor: 'level',
      title: t('alerts.fields.level'),
      sortable: true,
      width: 150,
      render: (a) => <AlertLevelBadge level={a.level} />,
    },
    { accessor: 'type', title: t('alerts.fields.type'), render: (a) => t(`alerts.types.${a.type}`) },
    {
      accessor: 'pointName',
      title: t('alerts.fields.point'),
      render: (a) => (
        <Anchor component={Link} to={pointPath(a.pointId)} size="sm" onClick={(e) => e.stopPropagation()}>
          {a.pointName}
        </Anchor>
      ),
    },
    { accessor: 'port', title: t('alerts.fields.port'), render: (a) => a.port ?? '—' },
    {
      accessor: 'openedAt',
      sortKey: 'opened_at',
      title: t('alerts.fields.openedAt'),
      sortable: true,
      render: (a) => time.dateTime(a.openedAt),
    },
    {
      accessor: 'lastAt',
      sortKey: 'last_at',
      title: t('alerts.fields.lastAt'),
      sortable: true,
      render: (a) => time.dateTime(a.lastAt),
    },
    {
      accessor: 'lastValue',
      title: t('alerts.fields.value'),
      textAlign: 'right',
      noWrap: true,
      render: (a) => withUnit(a.active ? a.lastValue : (a.clearedValue ?? a.lastValue), a.unit),
    },
    { accessor: 'count', title: t('alerts.fields.count'), textAlign: 'right' },
    {
      accessor: 'state',
      title: t('alerts.fields.state'),
      width: 170,
      render: (a) => <AlertStateBadge alert={a} />,
    },
    {
      accessor: 'acknowledgedBy',
      title: t('alerts.fields.acknowledged'),
      render: (a) =>
        a.acknowledgedAt ? (
          <Stack gap={0}>
            <Text size="sm">{a.acknowledgedBy?.name ?? '—'}</Text>
            <Text size="xs" c="dimmed">
              {time.dateTime(a.acknowledgedAt)}
            </Text>
            {a.acknowledgeComment && (
              <Text size="xs" fs="italic" data-testid="alert-comment">
                {a.acknowledgeComment}
              </Text>
            )}
          </Stack>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'shelvedUntil',
      title: t('alerts.fields.shelvedUntil'),
      render: (a) =>
        a.shelved && a.shelvedUntil ? (
          <Stack gap={0}>
            <Text size="sm">{time.dateTime(a.shelvedUntil)}</Text>
            {a.shelveReason && (
              <Text size="xs" c="dimmed">
                {a.shelveReason}
              </Text>
            )}
          </Stack>
        ) : (
          '—'
        ),
    },
  ];
  if (!rowActions) return columns;
  return [
    ...columns,
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (a) => (
        <RowActionsMenu
          label={t('alerts.actions.actionsFor', { point: a.pointName })}
          actions={rowActions(a)}
        />
      ),
    },
  ];
}
