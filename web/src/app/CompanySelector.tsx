import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../lib/current-user';
import { useNetworkScope } from '../lib/network-scope';
import { useIsNetworkRoute } from '../lib/route-handle';
import { useSession } from '../lib/session';
import { showToast } from '../ui/toasts';
import { useSelectCompanyMutation } from '../features/auth';

/** The selector's value for the provider's network view (no company id looks like it). */
export const allCompaniesValue = 'all-companies';

/**
 * Shown to users with more than one company; choosing one stores it server-side and reloads the page.
 * On the network screens (docs/WEB.md "All companies") provider staff also get "All companies".
 */
export function CompanySelector() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const selectCompany = useSelectCompanyMutation();
  const network = useNetworkScope();
  const offerAll = useIsNetworkRoute() && network.available;
  if (!user || (user.companies.length <= 1 && !offerAll)) return null;

  const companies = [...user.companies]
    .sort((a, b) => a.businessName.localeCompare(b.businessName))
    .map((company) => ({ value: company.id, label: company.businessName }));
  const data = offerAll
    ? [{ value: allCompaniesValue, label: t('shell.allCompanies') }, ...companies]
    : companies;

  const handleChange = (value: string | null) => {
    if (!value) return;
    if (value === allCompaniesValue) {
      network.setAll(true);
      return;
    }
    if (offerAll) network.setAll(false);
    if (value === currentCompanyId) return;
    selectCompany.mutate(value, {
      onError: (error) => showToast('error', error.message, t('shell.companyChangeFailed')),
    });
  };

  return (
    <Select
      aria-label={t('shell.company')}
      placeholder={t('shell.companyPlaceholder')}
      data={data}
      value={offerAll && network.all ? allCompaniesValue : currentCompanyId}
      onChange={handleChange}
      allowDeselect={false}
      searchable={data.length > 7}
      nothingFoundMessage={t('common.noResults')}
      disabled={selectCompany.isPending}
      w={{ base: 160, sm: 240 }}
      size="sm"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
