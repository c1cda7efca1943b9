import { useEffect } from 'react';
import { pickCurrentCompany, useCurrentUserQuery } from '../lib/current-user';
import { sessionStore, useSession } from '../lib/session';

/** A stored company the user may no longer use (or none at all) is replaced by their default one. */
export function useCurrentCompanyRepair(): void {
  const { data: user } = useCurrentUserQuery();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  useEffect(() => {
    if (!user) return;
    const picked = pickCurrentCompany(user, currentCompanyId);
    if (picked !== currentCompanyId) sessionStore.setCurrentCompany(picked);
  }, [user, currentCompanyId]);
}
