import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../lib/current-user';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { buildCompanyUser, buildCurrentUser, companyA, companyB } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { ConfirmProvider } from '../ui/ConfirmProvider';
import { appRoutes } from './routes';
import { theme } from './theme';

afterEach(() => sessionStore.reload(null));

async function renderApp(path: string, user?: CurrentUser) {
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  const queryClient = createTestQueryClient();
  if (user) {
    sessionStore.signIn('token', companyA);
    queryClient.setQueryData(currentUserQueryKey(companyA), user);
  }
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} env="test">
        <QueryClientProvider client={queryClient}>
          <ConfirmProvider>
            <RouterProvider router={router} />
          </ConfirmProvider>
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>,
  );
  return router;
}

const admin = buildCurrentUser({
  userProfiles: [
    {
      id: '55555555-5555-4555-8555-555555555555',
      state: { name: 'Active' },
      company: null,
      profileRoles: ['ROLE_ADMIN'],
      rolesAssociated: [],
    },
  ],
  isGlobal: true,
  companies: [
    {
      id: companyA,
      businessName: 'Aguas del Norte',
      slug: 'aguas-del-norte',
      isProvider: false,
      preferredTimezone: 'Europe/Madrid',
    },
    {
      id: companyB,
      businessName: 'Aforo Provider',
      slug: 'aforo-provider',
      isProvider: true,
      preferredTimezone: 'Atlantic/Canary',
    },
  ],
});

describe('app routes', () => {
  it('shows the not-found page for any other path', async () => {
    await renderApp('/no/such/page');
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('sends a visitor to /login and remembers where they were going', async () => {
    const router = await renderApp('/app/monitoring');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sessionStore.getState().returnPath).toBe('/app/monitoring');
  });

  it('sends a USER from /app/system to the dashboard and shows only their left bar items', async () => {
    const router = await renderApp('/app/system', buildCurrentUser());
    expect(await screen.findByRole('heading', { name: 'Welcome, Lucía' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/dashboard');
    const nav = within(screen.getByRole('navigation', { name: 'Navigation' }));
    expect(nav.getByText('Home')).toBeInTheDocument();
    expect(nav.getByText('Monitoring')).toBeInTheDocument();
    expect(nav.getByText('Public Dashboard').closest('a')).toHaveAttribute(
      'href',
      '/public/dashboard/aguas-del-norte',
    );
    expect(nav.queryByText('System')).not.toBeInTheDocument();
    expect(nav.queryByText('Accounts')).not.toBeInTheDocument();
    expect(nav.queryByText('Reports')).not.toBeInTheDocument();
  });

  it('lets an admin open the API tokens among the accounts tabs, and offers the company selector', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ rows: [], total: 0 })),
    );
    try {
      await renderApp('/app/accounts/tokens', admin);
      expect(await screen.findByRole('heading', { name: 'API tokens' })).toBeInTheDocument();
      expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Companies' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('Aguas del Norte');
      expect(
        within(screen.getByRole('navigation', { name: 'Navigation' })).getByText('System'),
      ).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('opens the reports on the monthly summary, a network screen for provider staff', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 })),
    );
    try {
      const router = await renderApp('/app/reports', admin);
      expect(await screen.findByRole('heading', { name: 'Monthly summary' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/app/reports/monthlySummary');
      expect(screen.getByRole('tab', { name: 'Level summary' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Closed months' })).toBeInTheDocument();
      expect(screen.getByRole('tab', { name: 'Agreed exclusions' })).toBeInTheDocument();
      // provider staff reach the exclusions among the reports' tabs, not from the left bar
      const nav = within(screen.getByRole('navigation', { name: 'Navigation' }));
      expect(nav.getByText('Reports')).toBeInTheDocument();
      expect(nav.queryByText('Agreed exclusions')).not.toBeInTheDocument();
      expect(screen.queryByText('Coming soon')).not.toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Company' })).toHaveValue('All companies');
      await waitFor(() => expect(router.state.location.search).toMatch(/^\?month=\d{4}-\d{2}&scope=all$/));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("opens the agreed exclusions to a client's admin, from the left bar, and no other report", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).startsWith('/api/reports/exclusions')
          ? Response.json({ rows: [] })
          : Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 }),
      ),
    );
    try {
      const router = await renderApp('/app/reports/exclusions', buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
      expect(await screen.findByRole('heading', { name: 'Agreed exclusions' })).toBeInTheDocument();
      expect(await screen.findByText('No exclusions or notes.')).toBeInTheDocument();
      // one screen of the section for them: no tabs
      expect(screen.queryByRole('tab')).not.toBeInTheDocument();
      const nav = within(screen.getByRole('navigation', { name: 'Navigation' }));
      expect(nav.getByText('Agreed exclusions').closest('a')).toHaveAttribute(
        'href',
        '/app/reports/exclusions',
      );
      expect(nav.queryByText('Reports')).not.toBeInTheDocument();
      await act(() => router.navigate('/app/reports/monthlySummary'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
      await act(() => router.navigate('/app/reports'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('keeps the agreed exclusions from a client user who is not an admin', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 })),
    );
    try {
      const router = await renderApp('/app/reports/exclusions', buildCompanyUser(['ROLE_CHIEF_CLIENTE']));
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/dashboard'));
      const nav = within(await screen.findByRole('navigation', { name: 'Navigation' }));
      expect(nav.queryByText('Agreed exclusions')).not.toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('redirects section indexes to their first screen', async () => {
    const router = await renderApp('/app/administration', admin);
    expect(await screen.findByRole('heading', { name: 'Device register' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/app/administration/devices');
  });

  it('keeps a user in "Change Password" state on /change-password', async () => {
    const router = await renderApp(
      '/app/dashboard',
      buildCurrentUser({ state: { name: 'Change Password' } }),
    );
    expect(await screen.findByText('You must change your password before continuing.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });
});
