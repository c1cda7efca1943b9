import { Group, Select, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pointLevelFilters } from '@aforo/contracts/point-state';
import { pointKinds } from '@aforo/contracts/points';
import type { ListUrlControls } from '../../../lib/url-state';
import { SearchInput } from '../../../ui/SearchInput';
import { useLayerOptionsQuery } from '../../layers';
import type { MonitoringFilter, MonitoringOrder } from '../monitoring-list';

/** Search, level, layer, kind and favourites: all kept in the URL. */
export function MonitoringFilters({ list }: { list: ListUrlControls<MonitoringOrder, MonitoringFilter> }) {
  const { t } = useTranslation();
  const layers = useLayerOptionsQuery();
  return (
    <Group align="center">
      <SearchInput value={list.search} onChange={list.setSearch} />
      <Select
        aria-label={t('monitoring.level')}
        placeholder={t('monitoring.allLevels')}
        clearable
        w={190}
        value={list.filters.level ?? null}
        onChange={(value) => list.setFilter('level', value)}
        data={pointLevelFilters.map((level) => ({
          value: level,
          label: level === 'NO_DATA' ? t('monitoring.noData') : t(`alerts.levels.${level}`),
        }))}
      />
      <Select
        aria-label={t('monitoring.layer')}
        placeholder={t('monitoring.allLayers')}
        clearable
        w={190}
        value={list.filters.layerId ?? null}
        onChange={(value) => list.setFilter('layerId', value)}
        data={(layers.data?.rows ?? []).map((layer) => ({ value: layer.id, label: layer.name }))}
      />
      <Select
        aria-label={t('points.fields.kind')}
        placeholder={t('points.allKinds')}
        clearable
        w={170}
        value={list.filters.kind ?? null}
        onChange={(value) => list.setFilter('kind', value)}
        data={pointKinds.map((kind) => ({ value: kind, label: t(`points.kinds.${kind}`) }))}
      />
      <Switch
        label={t('points.onlyFavourites')}
        checked={list.filters.favourites === 'true'}
        onChange={(event) => list.setFilter('favourites', event.currentTarget.checked ? 'true' : null)}
      />
    </Group>
  );
}
