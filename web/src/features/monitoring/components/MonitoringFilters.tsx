import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { pointLevelFilters } from '@aforo/contracts/point-state';
import { NetworkCompanyFilter } from '../../../lib/network-company-filter';
import type { ListUrlControls } from '../../../lib/url-state';
import { SearchInput } from '../../../ui/SearchInput';
import { useLayerOptionsQuery } from '../../layers';
import { PointKindFavouriteFilters } from '../../points';
import type { MonitoringFilter, MonitoringOrder } from '../monitoring-list';

/**
 * Search, level, layer, kind and favourites: all kept in the URL. In the network view the company
 * filter (lib/network-scope.ts) comes first and the layers — each company's own — are not offered.
 */
export function MonitoringFilters({
  list,
  network = false,
}: {
  list: ListUrlControls<MonitoringOrder, MonitoringFilter>;
  network?: boolean;
}) {
  const { t } = useTranslation();
  const layers = useLayerOptionsQuery();
  return (
    <Group align="center">
      <NetworkCompanyFilter />
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
      {!network && (
        <Select
          aria-label={t('monitoring.layer')}
          placeholder={t('monitoring.allLayers')}
          clearable
          w={190}
          value={list.filters.layerId ?? null}
          onChange={(value) => list.setFilter('layerId', value)}
          data={(layers.data?.rows ?? []).map((layer) => ({ value: layer.id, label: layer.name }))}
        />
      )}
      <PointKindFavouriteFilters list={list} kindWidth={170} />
    </Group>
  );
}
