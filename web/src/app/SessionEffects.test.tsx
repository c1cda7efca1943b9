import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '@aforo/contracts/constants';
import { errorMessage } from '@aforo/contracts/errors';
import { currentUserQueryKey } from '../lib/current-user';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { buildCurrentUser, buildToken, companyA } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { appRoutes } from './routes';
import { SessionEffects } from './SessionEffects';
import { theme } from './theme';

const clientAdmin = buildCurrentUser({
  userProfiles: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      state: { name: 'Active' },
      company: { id: companyA, businessName: 'Aguas del Norte' },
      profileRoles: ['ROLE_ADMIN_CLIENTE'],
      rolesAssociated: [{ id: 'ROLE_ADMIN_CLIENTE' }],
    },
  ],
  roles: ['ROLE_ADMIN_CLIENTE'],
});

afterEach(() => {
  notifications.clean(); // the toasts' store outlives a test
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

/** The app as App.tsx mounts it, signed in on the users list; every API call answers `code` with 401. */
async function renderSignedIn(code: string, language: Language) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify({ code, message: errorMessage(code as 'AU1001', language) }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const token = buildToken({
    sub: clientAdmin.id,
    username: clientAdmin.email,
    roles: clientAdmin.roles,
    exp,
  });
  sessionStore.signIn(token, companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), clientAdmin);
  const router = createMemoryRouter(appRoutes, { initialEntries: ['/app/accounts'] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <SessionEffects />
            <Notifications />
            <RouterProvider router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('a 401 while signed in', () => {
  it.each(['en', 'es'] as const)(
    'AU1001 (suspended, %s): shows the suspended text, signs out and goes to /login',
    async (language) => {
      const router = await renderSignedIn('AU1001', language);
      const suspended = i18n.t('session.suspended');
      expect(suspended).toBe(
        language === 'en'
          ? 'Your account has been suspended. Contact the system administrator for support.'
          : 'Su cuenta ha sido suspendida. Póngase en contacto con el administrador del sistema para obtener soporte.',
      );
      expect(await screen.findByText(suspended)).toBeInTheDocument();
      expect(screen.queryByText(i18n.t('session.unauthorized'))).not.toBeInTheDocument();
      expect(sessionStore.getState().token).toBeNull();
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      // where they were is kept for the next sign-in
      expect(sessionStore.getState().returnPath).toBe('/app/accounts');
    },
  );

  it('any other code: the "unauthorized" text, never the suspended one', async () => {
    const router = await renderSignedIn('AU1003', 'en');
    expect(await screen.findByText('Unauthorized. Please sign in again.')).toBeInTheDocument();
    expect(screen.queryByText(/suspended/)).not.toBeInTheDocument();
    expect(sessionStore.getState().token).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
