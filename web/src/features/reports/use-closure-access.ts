/** Who may close a month and for which companies (docs/REPORTS.md "Month close and revisions"). */
import { rights } from '@aforo/contracts/roles';
import { useCurrentUserQuery, useRoleCheck } from '../../lib/current-user';
import { useSession } from '../../lib/session';
import { useCompanyToday } from './use-company-clock';
import { shiftMonth } from './report-period';

export interface ClosureAccess {
  /** ADMIN and CHIEF close months (supervision.edit). */
  canClose: boolean;
  /** The client companies of the user, by name: the provider's own has no report to close. */
  companies: { value: string; label: string }[];
  /** The first of `preferred` and the current company that is among them. */
  companyFor: (preferred?: string | null) => string | null;
  /** The previous month on the current company's clock: the latest that has ended. */
  lastEnded: string;
}

export function useClosureAccess(): ClosureAccess {
  const canClose = useRoleCheck({ roles: rights['supervision.edit'] }) === true;
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const today = useCompanyToday();
  const companies = (user?.companies ?? [])
    .filter((c) => !c.isProvider)
    .sort((a, b) => a.businessName.localeCompare(b.businessName))
    .map((c) => ({ value: c.id, label: c.businessName }));
  const known = (id: string | null | undefined): id is string =>
    Boolean(id) && companies.some((c) => c.value === id);
  return {
    canClose,
    companies,
    companyFor: (preferred) => [preferred, currentCompanyId].find(known) ?? null,
    lastEnded: shiftMonth(`${today.year}-${String(today.month).padStart(2, '0')}`, -1),
  };
}
