/** The company filter of a network screen (docs/WEB.md "All companies"): shown only while the network view is on. */
import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from './current-user';
import { useNetworkScope } from './network-scope';

export function NetworkCompanyFilter({ w = 220 }: { w?: number }) {
  const { t } = useTranslation();
  const network = useNetworkScope();
  const { data: user } = useCurrentUserQuery();
  if (!network.all || !user) return null;
  const data = [...user.companies]
    .sort((a, b) => a.businessName.localeCompare(b.businessName))
    .map((company) => ({ value: company.id, label: company.businessName }));
  return (
    <Select
      aria-label={t('shell.companyFilter')}
      placeholder={t('shell.allCompanies')}
      clearable
      searchable={data.length > 7}
      nothingFoundMessage={t('common.noResults')}
      w={w}
      value={network.companyFilter}
      onChange={(value) => network.setCompanyFilter(value)}
      data={data}
    />
  );
}
