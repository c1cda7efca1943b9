import { Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NetworkCompanyFilter } from '../../../lib/network-company-filter';
import { SearchInput } from '../../../ui/SearchInput';

export interface ReportFiltersProps {
  /** The period's picker. */
  children: ReactNode;
  search: string;
  onSearch: (search: string) => void;
}

/**
 * The period, the network view's company filter (shown only there: web/src/lib/network-company-filter.tsx)
 * and a search over the points.
 */
export function ReportFilters({ children, search, onSearch }: ReportFiltersProps) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="sm">
      {children}
      <NetworkCompanyFilter />
      <SearchInput
        label={t('reports.search')}
        placeholder={t('reports.searchPlaceholder')}
        value={search}
        onChange={onSearch}
        width={240}
      />
    </Group>
  );
}
