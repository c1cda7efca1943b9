/** The companies a component type may belong to: the current company and the provider (shared). */
import { useTranslation } from 'react-i18next';
import type { ComponentType } from '@aforo/contracts/component-types';
import { useCurrentUserQuery } from '../../lib/current-user';
import { useSession } from '../../lib/session';

export interface CompanyOption {
  value: string;
  label: string;
}

/** Select options; the server refuses any other company (a type elsewhere would leave this list). */
export function useComponentTypeCompanyOptions(type: ComponentType | null): CompanyOption[] {
  const { t } = useTranslation();
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const companies = user?.companies ?? [];
  const options: CompanyOption[] = [];
  const add = (id: string, name: string, isProvider: boolean) => {
    if (options.some((o) => o.value === id)) return;
    options.push({
      value: id,
      label: isProvider ? t('catalogue.componentTypes.companyShared', { name }) : name,
    });
  };
  const current = companies.find((c) => c.id === currentCompanyId);
  if (current) add(current.id, current.businessName, current.isProvider);
  const provider = companies.find((c) => c.isProvider);
  if (provider) add(provider.id, provider.businessName, true);
  if (type) add(type.company.id, type.company.name, type.shared);
  return options;
}
