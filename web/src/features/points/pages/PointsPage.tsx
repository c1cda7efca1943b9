import { Anchor, Badge, Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { DeviceState } from '@aforo/contracts/device-states';
import type { Point } from '@aforo/contracts/points';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import type { DataTableColumn } from '../../../ui/DataTable';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { SearchInput } from '../../../ui/SearchInput';
import { DeviceStateBadge } from '../../devices';
import { usePointsQuery } from '../api';
import { FavouriteToggle } from '../components/FavouriteToggle';
import { PointLevelBadge } from '../components/PointLevelBadge';
import { ReadingValue } from '../components/ReadingValue';
import { PointFormModal } from '../components/PointFormModal';
import { PointKindFavouriteFilters } from '../components/PointKindFavouriteFilters';
import { useCanEditPoints, usePointActions } from '../use-point-actions';
import { listTableProps } from '../../../ui/list-table';

const orders = ['name', 'kind', 'created_at'] as const;
type Order = (typeof orders)[number];
type Filter = 'kind' | 'favourites' | 'showDeleted';
const listOptions: ListUrlOptions<Order, Filter> = {
  orders,
  defaultOrder: 'name',
  defaultDir: 'ASC',
  filters: ['kind', 'favourites', 'showDeleted'],
};

/** /app/operation/points: the current company's measurement points, with favourites. */
export function PointsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useListUrlState(listOptions);
  const query = usePointsQuery({
    ...listQueryParams(list),
    kind: list.filters.kind,
    favourites: list.filters.favourites === 'true' ? true : undefined,
    showDeleted: list.filters.showDeleted === 'true' ? true : undefined,
  });
  const canEdit = useCanEditPoints();
  const [editing, setEditing] = useState<Point | 'new' | null>(null);
  const actionsOf = usePointActions(setEditing);

  const columns: DataTableColumn<Point>[] = [
    {
      accessor: 'favorite',
      title: '',
      width: 48,
      render: (point) => <FavouriteToggle pointId={point.id} name={point.name} favourite={point.favorite} />,
    },
    {
      accessor: 'name',
      title: t('points.fields.name'),
      sortable: true,
      render: (point) => (
        <Anchor
          component={Link}
          to={`/app/operation/points/${point.id}`}
          size="sm"
          fw={500}
          td={point.deletedAt ? 'line-through' : undefined}
          onClick={(event) => event.stopPropagation()}
        >
          {point.name}
        </Anchor>
      ),
    },
    {
      accessor: 'kind',
      title: t('points.fields.kind'),
      sortable: true,
      render: (point) => t(`points.kinds.${point.kind}`),
    },
    {
      accessor: 'latest',
      title: t('monitoring.value'),
      render: (point) => <ReadingValue latest={point.latest} unit={point.unit} />,
    },
    {
      accessor: 'level',
      title: t('monitoring.level'),
      // the longest level name ("Sin transmisión") on one line
      width: 160,
      render: (point) => <PointLevelBadge level={point.level} />,
    },
    {
      accessor: 'device',
      title: t('points.device'),
      render: (point) =>
        point.device ? (
          <Group gap={6} wrap="nowrap">
            {point.device.serial}
            <DeviceStateBadge state={point.device.state as DeviceState} />
          </Group>
        ) : (
          '—'
        ),
    },
    {
      accessor: 'layers',
      title: t('points.layers'),
      render: (point) => (
        <Group gap={4}>
          {point.layers.map((layer) => (
            <Badge key={layer.id} variant="dot" color={layer.colour} radius="sm">
              {layer.name}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (point) => (
        <RowActionsMenu label={t('common.actionsFor', { name: point.name })} actions={actionsOf(point)} />
      ),
    },
  ];

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t('screens.points')}
        actions={canEdit && <Button onClick={() => setEditing('new')}>{t('points.new')}</Button>}
      />
      <Group align="center">
        <SearchInput value={list.search} onChange={list.setSearch} />
        <PointKindFavouriteFilters list={list} kindWidth={180} />
        {canEdit && (
          <Switch
            label={t('common.showDeleted')}
            checked={list.filters.showDeleted === 'true'}
            onChange={(event) => list.setFilter('showDeleted', event.currentTarget.checked ? 'true' : null)}
          />
        )}
      </Group>
      <DataTable
        label={t('screens.points')}
        columns={columns}
        {...listTableProps(list, query)}
        onRowClick={(point) => void navigate(`/app/operation/points/${point.id}`)}
      />
      {editing && (
        <PointFormModal
          key={editing === 'new' ? 'new' : editing.id}
          point={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
