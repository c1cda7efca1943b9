import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../lib/current-user';
import { useSession } from '../lib/session';
import { showToast } from '../ui/toasts';
import { useSelectCompanyMutation } from '../features/auth';

/** Shown to users with more than one company; choosing one stores it server-side and reloads the page. */
export function CompanySelector() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const selectCompany = useSelectCompanyMutation();
  if (!user || user.companies.length <= 1) return null;

  const data = [...user.companies]
    .sort((a, b) => a.businessName.localeCompare(b.businessName))
    .map((company) => ({ value: company.id, label: company.businessName }));

  const handleChange = (companyId: string | null) => {
    if (!companyId || companyId === currentCompanyId) return;
    selectCompany.mutate(companyId, {
      onError: (error) => showToast('error', error.message, t('shell.companyChangeFailed')),
    });
  };

  return (
    <Select
      aria-label={t('shell.company')}
      placeholder={t('shell.companyPlaceholder')}
      data={data}
      value={currentCompanyId}
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
