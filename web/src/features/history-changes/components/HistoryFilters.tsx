import { Button, Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { entityTypes } from '@aforo/contracts/log-entries';
import type { ListUrlControls } from '../../../lib/url-state';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { SearchInput } from '../../../ui/SearchInput';
import type { HistoryFilter } from '../history-filters';

export interface HistoryFiltersProps {
  list: ListUrlControls<'at', HistoryFilter>;
  /** Users to pick from (empty when the caller may not list users). */
  userOptions: { value: string; label: string }[];
}

/** Entity type, entity id, user and date range; every change goes to the URL. */
export function HistoryFilters({ list, userOptions }: HistoryFiltersProps) {
  const { t } = useTranslation();
  const { filters } = list;
  const hasFilters = Object.values(filters).some(Boolean);
  // a user picked by clicking an entry may be missing from the options
  const users =
    filters.userId && !userOptions.some((o) => o.value === filters.userId)
      ? [{ value: filters.userId, label: filters.userId }, ...userOptions]
      : userOptions;
  return (
    <Group gap="sm" align="flex-end">
      <Select
        label={t('history.entityType')}
        placeholder={t('history.any')}
        clearable
        w={170}
        value={filters.entityType ?? null}
        onChange={(value) => list.setFilter('entityType', value)}
        data={entityTypes.map((type) => ({ value: type, label: t(`history.entityTypes.${type}`) }))}
      />
      <SearchInput
        label={t('history.entityId')}
        placeholder={t('history.entityIdPlaceholder')}
        width={230}
        value={filters.entityId ?? ''}
        onChange={(value) => list.setFilter('entityId', value)}
      />
      <Select
        label={t('history.user')}
        placeholder={t('history.any')}
        clearable
        searchable
        w={240}
        value={filters.userId ?? null}
        onChange={(value) => list.setFilter('userId', value)}
        data={users}
        nothingFoundMessage={t('common.noResults')}
      />
      <DateTimeInput
        withTime={false}
        clearable
        w={150}
        label={t('history.from')}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(value) => list.setFilter('from', value)}
      />
      <DateTimeInput
        withTime={false}
        clearable
        w={150}
        label={t('history.to')}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(value) => list.setFilter('to', value)}
      />
      {hasFilters && (
        <Button variant="subtle" onClick={list.reset}>
          {t('history.clearFilters')}
        </Button>
      )}
    </Group>
  );
}
