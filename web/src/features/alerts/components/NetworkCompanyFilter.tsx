import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { useNetworkScope } from '../../../lib/network-scope';

/**
 * The network view's company filter (docs/WEB.md "Provider staff across companies"): every company,
 * or one. The choice is the network view's own (lib/network-scope.ts), shared by its screens.
 */
export function NetworkCompanyFilter() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const network = useNetworkScope();
  const companies = [...(user?.companies ?? [])]
    .sort((a, b) => a.businessName.localeCompare(b.businessName))
    .map((c) => ({ value: c.id, label: c.businessName }));
  return (
    <Select
      label={t('alerts.fields.company')}
      placeholder={t('alerts.allCompanies')}
      data={companies}
      value={network.companyFilter}
      onChange={(id) => network.setCompanyFilter(id)}
      clearable
      searchable={companies.length > 8}
      nothingFoundMessage={t('common.noResults')}
      w={220}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
