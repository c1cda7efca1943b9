/**
 * Opening a screen of another company from the provider's network view (docs/WEB.md "All
 * companies"): a point page belongs to its company, so provider staff first make that company the
 * current one (PATCH /users/current-company, as the header's selector does), then the page loads there.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { okResponseSchema } from '@aforo/contracts/auth';
import { apiRequest } from './api';
import { sessionStore, useSession } from './session';

export function useOpenInCompany(): (companyId: string, path: string) => void {
  const navigate = useNavigate();
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  return useCallback(
    (companyId: string, path: string) => {
      if (companyId === currentCompanyId) {
        void navigate(path);
        return;
      }
      void apiRequest({
        method: 'PATCH',
        path: '/users/current-company',
        headers: { 'X-Current-Company': companyId },
        schema: okResponseSchema,
      }).then(() => {
        sessionStore.setCurrentCompany(companyId);
        // a full load: every cached screen belonged to the company left
        window.location.assign(path);
      });
    },
    [currentCompanyId, navigate],
  );
}
