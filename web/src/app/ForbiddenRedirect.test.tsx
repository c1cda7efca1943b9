import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Language } from '@aforo/contracts/constants';
import { currentUserQueryKey } from '../lib/current-user';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { buildCurrentUser, companyA } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { RequireSession } from './RequireSession';
import { theme } from './theme';

afterEach(() => {
  notifications.clean();
  sessionStore.reload(null);
});

/** The guard over a few routes: a screen of the system group, a section without a title, the dashboard. */
async function open(path: string, language: Language, user = buildCurrentUser()) {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  const queryClient = createTestQueryClient();
  sessionStore.signIn('token', companyA);
  queryClient.setQueryData(currentUserQueryKey(companyA), user);
  const router = createMemoryRouter(
    [
      {
        element: <RequireSession />,
        children: [
          { path: '/app', handle: { group: 'general' }, element: <p>Overview</p> },
          {
            path: '/app/system',
            handle: { titleKey: 'nav.system', group: 'system' },
            element: <p>System</p>,
          },
          { path: '/app/untitled', handle: { group: 'accounts' }, element: <p>Untitled</p> },
          { path: '/app/dashboard', element: <p>Dashboard</p> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <Notifications />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

describe('a screen the roles do not open', () => {
  it('lands on the dashboard with a toast naming the screen, in Spanish', async () => {
    const router = await open('/app/system', 'es');
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(await screen.findByText('Sin acceso')).toBeInTheDocument();
    expect(
      screen.getByText('No tiene acceso a la pantalla «Sistema»; le llevamos al inicio.'),
    ).toBeInTheDocument();
  });

  it('says the same in English', async () => {
    await open('/app/system', 'en');
    expect(
      await screen.findByText('You have no access to the “System” screen, so you are back on the home page.'),
    ).toBeInTheDocument();
  });

  it('says it without a screen name when the route has no title', async () => {
    await open('/app/untitled', 'en');
    expect(
      await screen.findByText('You have no access to that screen, so you are back on the home page.'),
    ).toBeInTheDocument();
  });

  it('opens the app on the dashboard without a toast for a user whom the overview is not for', async () => {
    const spectator = buildCurrentUser({
      roles: ['ROLE_SPECTATOR'],
      userProfiles: [
        {
          id: '44444444-4444-4444-8444-444444444444',
          state: { name: 'Active' },
          company: { id: companyA, businessName: 'Aguas del Norte' },
          profileRoles: ['ROLE_SPECTATOR'],
          rolesAssociated: [{ id: 'ROLE_SPECTATOR' }],
        },
      ],
    });
    const router = await open('/app', 'en', spectator);
    expect(await screen.findByText('Dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    expect(screen.queryByText('No access')).not.toBeInTheDocument();
  });
});
