import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { alertGroups, alertTypes } from '@aforo/contracts/alert-types';
import { alertLevels } from '@aforo/contracts/constants';
import { usePointOptionsQuery } from '../../../lib/points-api';
import type { ListUrlControls } from '../../../lib/url-state';
import { DateRangeFilter } from '../../../ui/DateRangeFilter';
import { alertStateOptions, shownState } from '../alert-filters';
import type { AlertFilter, AlertOrder } from '../alert-filters';
import { defaultAlertState } from '../alert-filters';

/** Level, type, group, point, state and opened-between filters, all kept in the URL. */
export function AlertFilters({ list }: { list: ListUrlControls<AlertOrder, AlertFilter> }) {
  const { t } = useTranslation();
  const points = usePointOptionsQuery();
  const { level, type, group, pointId, state, from, to } = list.filters;
  const all = t('telemetry.filters.all');
  const select = (
    name: AlertFilter,
    label: string,
    data: { value: string; label: string }[],
    value?: string,
  ) => (
    <Select
      label={label}
      placeholder={all}
      data={data}
      value={value ?? null}
      onChange={(next) => list.setFilter(name, next)}
      clearable
      searchable={data.length > 8}
      nothingFoundMessage={t('common.noResults')}
      w={name === 'pointId' ? 240 : 170}
      comboboxProps={{ withinPortal: true }}
    />
  );
  return (
    <>
      <Select
        label={t('alerts.fields.state')}
        data={alertStateOptions.map((s) => ({ value: s, label: t(`alerts.states.${s}`) }))}
        value={shownState(state)}
        // the default is left out of the URL
        onChange={(next) => list.setFilter('state', next === defaultAlertState ? null : next)}
        allowDeselect={false}
        w={250}
        comboboxProps={{ withinPortal: true }}
      />
      {select(
        'level',
        t('alerts.fields.level'),
        alertLevels.filter((l) => l !== 'OK').map((l) => ({ value: l, label: t(`alerts.levels.${l}`) })),
        level,
      )}
      {select(
        'type',
        t('alerts.fields.type'),
        alertTypes.map((v) => ({ value: v, label: t(`alerts.types.${v}`) })),
        type,
      )}
      {select(
        'group',
        t('alerts.fields.group'),
        alertGroups.map((v) => ({ value: v, label: t(`alerts.groups.${v}`) })),
        group,
      )}
      {select(
        'pointId',
        t('alerts.fields.point'),
        (points.data?.rows ?? []).map((p) => ({ value: p.id, label: p.name })),
        pointId,
      )}
      <DateRangeFilter from={from} to={to} onChange={(bound, iso) => list.setFilter(bound, iso)} />
    </>
  );
}
