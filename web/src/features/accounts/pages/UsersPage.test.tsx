import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildCurrentUser, buildRoleList, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { UsersPage } from './UsersPage';

function row(overrides: Partial<UserRow>): UserRow {
  return {
    id: '99999999-9999-4999-8999-999999999999',
    name: 'Iñaki',
    surname: 'Etxeberria',
    email: 'inaki@canalnorte.example',
    phone: '+34 944 000 200',
    state: { name: 'Active' },
    _company: companyA,
    roles: ['ROLE_ADMIN_CLIENTE'],
    createdAt: '2026-03-01T10:00:00.000Z',
    deletedAt: null,
    ...overrides,
  };
}

const rows: UserRow[] = [
  row({}),
  row({
    id: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    name: 'Nuria',
    surname: 'Vidal',
    email: 'nuria@canalnorte.example',
    state: { name: 'Created' },
    roles: ['ROLE_USER'],
  }),
];

const clientAdmin = buildCurrentUser({
  userProfiles: [
    {
      id: '44444444-4444-4444-8444-444444444444',
      state: { name: 'Active' },
      company: { id: companyA, businessName: 'Canal del Norte S.A.' },
      profileRoles: ['ROLE_ADMIN_CLIENTE'],
      rolesAssociated: [{ id: 'ROLE_ADMIN_CLIENTE' }],
    },
  ],
  companies: [
    {
      id: companyA,
      businessName: 'Canal del Norte S.A.',
      slug: 'canal-del-norte-s-a',
      isProvider: false,
      preferredTimezone: 'Europe/Madrid',
    },
  ],
});

afterEach(() => {
  cleanup(); // unmount before the session reset below changes query keys
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderUsers(path = '/app/accounts') {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/roles') {
      const list = buildRoleList();
      return new Response(JSON.stringify({ rows: list, total: list.length }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    if (url.startsWith('/api/users?')) {
      return new Response(JSON.stringify({ rows, total: 2 }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    return new Response(JSON.stringify({ code: 'N1000', message: 'Not found' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), clientAdmin);
  const rendered = renderWithProviders(<UsersPage />, {
    path,
    queryClient,
    routes: [{ path: '/app/accounts', element: <UsersPage /> }],
  });
  return { ...rendered, fetchSpy };
}

const listCalls = (spy: ReturnType<typeof vi.fn>) =>
  spy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/users?'));

describe('UsersPage', () => {
  it("renders the current company's users from the server with translated roles and states", async () => {
    const { fetchSpy } = await renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(await within(table).findByText('Iñaki Etxeberria')).toBeInTheDocument();
    expect(within(table).getByText('nuria@canalnorte.example')).toBeInTheDocument();
    // role names come from GET /api/roles
    expect(await within(table).findByText('Client Admin')).toBeInTheDocument();
    expect(within(table).getByText('Viewer')).toBeInTheDocument();
    expect(within(table).getByText('Created')).toBeInTheDocument();
    expect(screen.getByText('Users with a profile in Canal del Norte S.A.')).toBeInTheDocument();
    // a Client Admin never lists provider staff
    expect(screen.queryByText('Provider staff')).not.toBeInTheDocument();

    expect(listCalls(fetchSpy)).toEqual([
      '/api/users?page=1&length=25&order=created_at&dir=DESC&showDeleted=false&fdxUsers=false',
    ]);
    const listCall = fetchSpy.mock.calls.find(([input]) => String(input).startsWith('/api/users?'));
    const headers = new Headers(listCall?.[1]?.headers);
    expect(headers.get('X-Current-Company')).toBe(companyA);
    expect(headers.get('Authorization')).toBe('Bearer token');
  });

  it('sorts and searches on the server and keeps both in the URL', async () => {
    const { fetchSpy, router } = await renderUsers('/app/accounts?search=nu');
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Iñaki Etxeberria');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('nu');

    await userEvent.click(within(table).getByText('Email'));
    await waitFor(() => expect(router.state.location.search).toBe('?search=nu&order=email&dir=ASC'));
    await waitFor(() =>
      expect(listCalls(fetchSpy).at(-1)).toBe(
        '/api/users?page=1&length=25&order=email&dir=ASC&search=nu&showDeleted=false&fdxUsers=false',
      ),
    );
  });

  it('filters by a role named as the server lists it, and keeps it in the URL', async () => {
    const { fetchSpy, router } = await renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Iñaki Etxeberria');
    const filter = screen.getByRole('combobox', { name: 'Filter by role' });
    await waitFor(() => expect(filter).not.toBeDisabled());
    await userEvent.click(filter);
    // a Client Admin's list holds company profiles: company roles only
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Client Admin', 'Operator', 'Viewer', 'Spectator']);
    await userEvent.click(screen.getByRole('option', { name: 'Operator' }));
    await waitFor(() => expect(router.state.location.search).toBe('?role=ROLE_CHIEF_CLIENTE'));
    await waitFor(() =>
      expect(listCalls(fetchSpy).at(-1)).toBe(
        '/api/users?page=1&length=25&order=created_at&dir=DESC&showDeleted=false&fdxUsers=false&role=ROLE_CHIEF_CLIENTE',
      ),
    );
  });

  it('offers Suspend with confirmation (Unsuspend only to a suspended user)', async () => {
    const { fetchSpy } = await renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Nuria Vidal');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Nuria Vidal' }));
    expect(screen.queryByRole('menuitem', { name: 'Unsuspend' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend user' });
    expect(within(dialog).getByText(/Nuria Vidal will be signed out/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() =>
      expect(
        fetchSpy.mock.calls.some(
          ([input, init]) =>
            String(input) === '/api/users/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa/suspend' &&
            init?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('asks for confirmation before deleting a user', async () => {
    await renderUsers();
    const table = await screen.findByRole('table', { name: 'Users' });
    await within(table).findByText('Nuria Vidal');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Nuria Vidal' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete user' });
    expect(within(dialog).getByText(/nuria@canalnorte.example/)).toBeInTheDocument();
  });
});
