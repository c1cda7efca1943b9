import { Anchor, Stack, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Alert } from '@aforo/contracts/alerts';
import { formatValue } from '../../lib/format';
import { useTimeFormat } from '../../lib/time';
import { AlertLevelBadge } from '../../ui/AlertLevelBadge';
import { AlertStateBadge } from '../../ui/AlertStateBadge';
import type { DataTableColumn } from '../../ui/DataTable';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import type { RowAction } from '../../ui/RowActionsMenu';

export const pointPath = (id: string) => `/app/operation/points/${encodeURIComponent(id)}`;
export const alertPath = (id: string) => `/app/operation/alerts/${encodeURIComponent(id)}`;

// links inside a row lead where they say, not to the row's detail
const stop = (e: MouseEvent) => e.stopPropagation();

export interface AlertColumnOptions {
  /** The actions column, when the user may act. */
  rowActions?: (alert: Alert) => RowAction[];
  /** The network view: a company column. */
  withCompany?: boolean;
}

/**
 * The columns of the alerts table, narrow enough to fit 1280 px with the left bar (docs/WEB.md):
 * the level with the type under it (a link to the detail), dates on two lines, the last value with
 * its time and count, the state with who acknowledged it and the comment. Who shelved it and why,
 * the timeline and the notifications are in the detail a row opens.
 */
export function useAlertColumns({
  rowActions,
  withCompany = false,
}: AlertColumnOptions = {}): DataTableColumn<Alert>[] {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const withUnit = (value: number | null, unit: string) =>
    value === null ? '—' : `${formatValue(value)} ${unit}`;
  // "21/11/2026, 10:05" wraps after the comma: a date column half as wide
  const when = (iso: string) => (
    <Text size="sm" style={{ whiteSpace: 'normal' }}>
      {time.dateTime(iso)}
    </Text>
  );
  const columns: DataTableColumn<Alert>[] = [
    {
      accessor: 'level',
      title: t('alerts.fields.alert'),
      sortable: true,
      width: 150,
      render: (a) => (
        <Stack gap={2} align="flex-start">
          <AlertLevelBadge level={a.level} />
          <Anchor component={Link} to={alertPath(a.id)} size="xs" onClick={stop}>
            {t(`alerts.types.${a.type}`)}
          </Anchor>
        </Stack>
      ),
    },
    ...(withCompany
      ? [
          {
            accessor: 'companyName',
            title: t('alerts.fields.company'),
            width: 130,
            render: (a: Alert) => (
              <Text size="sm" style={{ whiteSpace: 'normal' }}>
                {a.companyName}
              </Text>
            ),
          },
        ]
      : []),
    {
      accessor: 'pointName',
      title: t('alerts.fields.point'),
      render: (a) => (
        <Stack gap={0}>
          <Anchor component={Link} to={pointPath(a.pointId)} size="sm" onClick={stop}>
            {a.pointName}
          </Anchor>
          {a.port && (
            <Text size="xs" c="dimmed">
              {t('alerts.fields.portValue', { port: a.port })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'openedAt',
      sortKey: 'opened_at',
      title: t('alerts.fields.openedAt'),
      sortable: true,
      width: 105,
      render: (a) => (
        <Stack gap={0}>
          {when(a.openedAt)}
          {a.openedValue !== null && (
            <Text size="xs" c="dimmed">
              {withUnit(a.openedValue, a.unit)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'lastAt',
      sortKey: 'last_at',
      title: t('alerts.fields.lastAt'),
      sortable: true,
      width: 115,
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
            {withUnit(a.active ? a.lastValue : (a.clearedValue ?? a.lastValue), a.unit)}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
            {time.dateTime(a.active ? a.lastAt : (a.clearedAt ?? a.lastAt))}
          </Text>
          {a.count > 1 && (
            <Text size="xs" c="dimmed">
              {t('alerts.fields.times', { count: a.count })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      accessor: 'state',
      title: t('alerts.fields.state'),
      width: 160,
      render: (a) => (
        <Stack gap={2} align="flex-start">
          <AlertStateBadge alert={a} />
          {a.acknowledgedAt && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {a.acknowledgedBy?.name ?? '—'}
            </Text>
          )}
          {a.acknowledgeComment && (
            <Text
              size="xs"
              fs="italic"
              lineClamp={2}
              title={a.acknowledgeComment}
              data-testid="alert-comment"
            >
              {a.acknowledgeComment}
            </Text>
          )}
        </Stack>
      ),
    },
  ];
  if (!rowActions) return columns;
  return [
    ...columns,
    {
      accessor: 'actions',
      title: '',
      width: 48,
      render: (a) => (
        <RowActionsMenu
          label={t('alerts.actions.actionsFor', { point: a.pointName })}
          actions={rowActions(a)}
        />
      ),
    },
  ];
}
