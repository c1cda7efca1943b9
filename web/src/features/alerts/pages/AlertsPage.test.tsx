import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@aforo/contracts/alerts';
import type { Role } from '@aforo/contracts/roles';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { buildAlert, buildCompanyUser, buildCurrentUser, companyA, companyB } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { AlertsPage } from './AlertsPage';

const rows: Alert[] = [
  buildAlert(),
  buildAlert({
    id: '77777777-7777-4777-8777-777777777777',
    pointName: 'Arga en Pamplona',
    type: 'NO_TRANSMISSION',
    group: 'NO_TRANSMISSION',
    level: 'NO_TRANSMISSION',
    colour: '#FFA500',
    lastValue: null,
    count: 1,
  }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
  networkStore.reload(null);
});

async function renderAlerts(roles: Role[] | CurrentUser, path = '/app/operation/alerts') {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/alerts?')) return Response.json({ rows, total: rows.length });
    if (url === '/api/alerts/acknowledge' && init?.method === 'POST')
      return Response.json({ changed: 2, skipped: 0 });
    if (url.endsWith('/acknowledge') && init?.method === 'POST')
      return Response.json({ ...rows[0], state: 'acknowledged' });
    if (url.startsWith('/api/points?')) return Response.json({ rows: [], total: 0 });
    return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(
    currentUserQueryKey(companyA),
    Array.isArray(roles) ? buildCompanyUser(roles) : roles,
  );
  const rendered = renderWithProviders(<AlertsPage />, {
    path,
    queryClient,
    routes: [
      { path: '/app/operation/alerts', element: <AlertsPage /> },
      { path: '/app/operation/alerts/:id', element: <p>alert detail</p> },
    ],
  });
  return { ...rendered, fetchSpy };
}

const listCalls = (spy: ReturnType<typeof vi.fn>) =>
  spy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/alerts?'));

describe('AlertsPage', () => {
  it('asks for what needs an operator by default, coloured by level, with the point linked', async () => {
    const { fetchSpy } = await renderAlerts(['ROLE_USER']);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const danger = (await within(table).findByText('Ebro en Zaragoza')).closest('tr')!;
    expect(danger.querySelector('[data-level]')).toHaveTextContent('Danger');
    expect(danger.style.backgroundColor).toMatch(/^rgba\(255, 0, 0, 0\.1/);
    expect(within(danger).getByRole('link', { name: 'Ebro en Zaragoza' })).toHaveAttribute(
      'href',
      `/app/operation/points/${rows[0]!.pointId}`,
    );
    expect(within(danger).getByText('5.4 m')).toBeInTheDocument();
    expect(within(table).getByText('No Transmission')).toBeInTheDocument();
    expect(listCalls(fetchSpy)).toEqual([
      '/api/alerts?page=1&length=25&order=opened_at&dir=DESC&state=unacknowledged',
    ]);
  });

  it('keeps every filter in the URL and sends it to the server', async () => {
    const { fetchSpy, router } = await renderAlerts(
      ['ROLE_USER'],
      '/app/operation/alerts?level=DANGER&type=JUMP&group=INVALID_DATA&state=all&from=2026-03-01T00%3A00%3A00.000Z',
    );
    await screen.findByRole('table', { name: 'Alerts' });
    expect(listCalls(fetchSpy)[0]).toBe(
      '/api/alerts?page=1&length=25&order=opened_at&dir=DESC&level=DANGER&type=JUMP&group=INVALID_DATA&from=2026-03-01T00%3A00%3A00.000Z',
    );
    // choosing a state writes it to the URL; the default one is left out
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Cleared' }));
    await waitFor(() => expect(router.state.location.search).toContain('state=cleared'));
    await waitFor(() => expect(listCalls(fetchSpy).at(-1)).toContain('&state=cleared'));
    await userEvent.click(screen.getByRole('combobox', { name: 'State' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Needing attention (unacknowledged)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('state='));
    expect(router.state.location.search).toContain('level=DANGER');
  });

  it('lets an operator acknowledge the selected alerts with one comment (bulk call)', async () => {
    const { fetchSpy } = await renderAlerts(['ROLE_CHIEF_CLIENTE']);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('Ebro en Zaragoza');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select every alert on this page' }));
    const bar = screen.getByTestId('alert-bulk-actions');
    expect(bar).toHaveTextContent('2 alerts selected');
    await userEvent.click(within(bar).getByRole('button', { name: 'Acknowledge (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge 2 alerts' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Crew on site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const post = fetchSpy.mock.calls.find(([input]) => String(input) === '/api/alerts/acknowledge')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      ids: [rows[0]!.id, rows[1]!.id],
      comment: 'Crew on site',
    });
    // the lists are refetched and the selection is gone
    await waitFor(() => expect(listCalls(fetchSpy).length).toBeGreaterThan(1));
    expect(screen.queryByTestId('alert-bulk-actions')).not.toBeInTheDocument();
  });

  it('offers no selection and no actions to a viewer', async () => {
    await renderAlerts(['ROLE_USER']);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('Ebro en Zaragoza');
    expect(within(table).queryByRole('checkbox')).not.toBeInTheDocument();
    expect(
      within(table).queryByRole('button', { name: 'Actions for the alert of Ebro en Zaragoza' }),
    ).not.toBeInTheDocument();
  });

  it('opens an alert’s detail from its row, and acknowledges one alert from the row’s menu', async () => {
    const { fetchSpy, router } = await renderAlerts(['ROLE_CHIEF_CLIENTE']);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const danger = (await within(table).findByText('Ebro en Zaragoza')).closest('tr')!;
    // the type links to the detail too (keyboard); the point link goes to the point
    expect(within(danger).getByRole('link', { name: 'Danger' })).toHaveAttribute(
      'href',
      `/app/operation/alerts/${rows[0]!.id}`,
    );
    await userEvent.click(
      within(danger).getByRole('button', { name: 'Actions for the alert of Ebro en Zaragoza' }),
    );
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      fetchSpy.mock.calls.some(([input]) => String(input) === `/api/alerts/${rows[0]!.id}/acknowledge`),
    ).toBe(true);
    // the menu did not open the detail; a click on the row does
    expect(router.state.location.pathname).toBe('/app/operation/alerts');
    await userEvent.click(within(danger).getByText('5.4 m'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/app/operation/alerts/${rows[0]!.id}`));
  });

  it('shows provider staff the network: scope=all, a company column and a company filter', async () => {
    const provider = buildCurrentUser({
      isGlobal: true,
      roles: ['ROLE_ADMIN'],
      companies: [
        {
          id: companyA,
          businessName: 'Aguas del Norte',
          slug: 'norte',
          isProvider: false,
          preferredTimezone: 'Europe/Madrid',
        },
        {
          id: companyB,
          businessName: 'Riegos del Cinca',
          slug: 'cinca',
          isProvider: false,
          preferredTimezone: 'Europe/Madrid',
        },
      ],
    });
    const { fetchSpy } = await renderAlerts(provider);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).getByRole('columnheader', { name: 'Company' })).toBeInTheDocument();
    expect(await within(table).findAllByText('Aguas del Norte')).toHaveLength(2);
    expect(listCalls(fetchSpy)).toEqual([
      '/api/alerts?page=1&length=25&order=opened_at&dir=DESC&state=unacknowledged&scope=all',
    ]);
    await userEvent.click(screen.getByRole('combobox', { name: 'Company' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Riegos del Cinca' }));
    await waitFor(() => expect(listCalls(fetchSpy).at(-1)).toContain(`&scope=all&companyId=${companyB}`));
  });

  it('has no company column for a client user', async () => {
    await renderAlerts(['ROLE_USER']);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    await within(table).findByText('Ebro en Zaragoza');
    expect(within(table).queryByRole('columnheader', { name: 'Company' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Company' })).not.toBeInTheDocument();
  });
});
