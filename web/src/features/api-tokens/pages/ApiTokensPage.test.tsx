/**
 * The API tokens screen (docs/WEB.md "API tokens"): the list in Spanish and English (validity,
 * warning, this month's calls with the language's separators, last update), and the secret shown once
 * after creating a token.
 */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiToken, CreatedApiToken } from '@aforo/contracts/api-tokens';
import type { Language } from '@aforo/contracts/constants';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildCompanyUser, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { ApiTokensPage } from './ApiTokensPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const usage = {
  month: '2026-07',
  count: 1234,
  limit: 10_000,
  remaining: 8766,
  resetsAt: '2026-08-01T00:00:00.000Z',
  byDay: [
    { day: '2026-07-01', count: 1000 },
    { day: '2026-07-02', count: 234 },
  ],
  byEndpoint: [{ endpoint: '/api/v1/points', count: 1234 }],
};

const scada: ApiToken = {
  id: '99999999-9999-4999-8999-999999999901',
  companyId: companyA,
  alias: 'SCADA',
  prefix: 'afo_Ab12Cd34',
  validUntil: '2026-07-31',
  monthlyLimit: 10_000,
  planLimit: 100_000,
  layerIds: null,
  state: 'active',
  expiresSoon: true,
  lastUsedAt: '2026-07-02T09:00:00.000Z',
  usage,
  createdAt: '2026-06-01T08:00:00.000Z',
  updatedAt: '2026-06-15T10:30:00.000Z',
  updatedBy: { id: '33333333-3333-4333-8333-333333333333', name: 'Lucía Martín' },
  revokedAt: null,
};

const gis: ApiToken = {
  ...scada,
  id: '99999999-9999-4999-8999-999999999902',
  alias: 'GIS',
  prefix: 'afo_Zz98Yy76',
  validUntil: null,
  monthlyLimit: null,
  expiresSoon: false,
  lastUsedAt: null,
  usage: { ...usage, count: 0, limit: 100_000, remaining: 100_000, byDay: [], byEndpoint: [] },
  updatedBy: null,
};

const created: CreatedApiToken = {
  ...gis,
  id: '99999999-9999-4999-8999-999999999903',
  alias: 'Hoja de cálculo',
  prefix: 'afo_Qw12Er34',
  secret: 'afo_Qw12Er34SECRETpart0123456789abcdef',
};

async function renderPage(language: Language, rows: ApiToken[]) {
  let listed = rows;
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/tokens') && (init?.method ?? 'GET') === 'GET')
      return Response.json({ rows: listed, total: listed.length });
    if (url === '/api/tokens' && init?.method === 'POST') {
      const { secret: _secret, ...token } = created;
      listed = [...listed, token];
      return Response.json(created, { status: 201 });
    }
    if (url.startsWith('/api/layers')) return Response.json({ rows: [], total: 0 });
    return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
  renderWithProviders(<ApiTokensPage />, { queryClient });
  return { fetchSpy, table: await screen.findByRole('table', { name: /tokens/i }) };
}

const rowOf = async (table: HTMLElement, alias: string) =>
  (await within(table).findByText(alias)).closest('tr') as HTMLElement;

describe('the API tokens list', () => {
  it('in Spanish: DD/MM/YYYY, "Sin caducidad", the warning, calls with Spanish separators, who changed it', async () => {
    const { table } = await renderPage('es', [gis, scada]);
    const row = within(await rowOf(table, 'SCADA'));
    expect(row.getByText('afo_Ab12Cd34…')).toBeInTheDocument();
    expect(row.getByText('Activo')).toBeInTheDocument();
    expect(row.getByText('31/07/2026')).toBeInTheDocument();
    expect(row.getByText('Caduca pronto')).toBeInTheDocument();
    // es-ES groups from five digits (contracts/src/format.ts): 1234, 10.000
    expect(row.getByTestId('token-usage')).toHaveTextContent('1234 / 10.000');
    expect(row.getByText('Lucía Martín')).toBeInTheDocument();
    expect(row.getByText('15/06/2026, 12:30')).toBeInTheDocument();
    expect(row.getByText('02/07/2026, 11:00')).toBeInTheDocument();
    const other = within(await rowOf(table, 'GIS'));
    expect(other.getByText('Sin caducidad')).toBeInTheDocument();
    expect(other.queryByText('Caduca pronto')).not.toBeInTheDocument();
    expect(other.getByTestId('token-usage')).toHaveTextContent('0 / 100.000');
    expect(other.getByText('Nunca')).toBeInTheDocument();
  });

  it('in English, with the usage by day and endpoint in a drawer', async () => {
    const { table } = await renderPage('en', [scada]);
    const row = await rowOf(table, 'SCADA');
    expect(within(row).getByTestId('token-usage')).toHaveTextContent('1,234 / 10,000');
    expect(within(row).getByText('Expires soon')).toBeInTheDocument();
    await userEvent.click(within(row).getByText('SCADA'));
    const drawer = await screen.findByRole('dialog', { name: 'Usage of SCADA' });
    expect(within(drawer).getByText('Calls in July 2026')).toBeInTheDocument();
    expect(within(drawer).getByText('8,766 left')).toBeInTheDocument();
    expect(within(drawer).getByText(/starts again on 01\/08\/2026 \(UTC\)/)).toBeInTheDocument();
    const byDay = within(drawer).getByTestId('usage-by-day');
    expect(within(byDay).getByText('01/07/2026')).toBeInTheDocument();
    expect(within(byDay).getByText('1,000')).toBeInTheDocument();
    expect(
      within(within(drawer).getByTestId('usage-by-endpoint')).getByText('/api/v1/points'),
    ).toBeInTheDocument();
  });

  it('says there are no tokens yet', async () => {
    await renderPage('en', []);
    expect(await screen.findByText(/No API tokens yet/)).toBeInTheDocument();
  });
});

describe('a new token', () => {
  it('shows its secret once, with the warning and a curl call; the list then shows only its prefix', async () => {
    const { table, fetchSpy } = await renderPage('en', [scada]);
    await userEvent.click(screen.getByRole('button', { name: 'New token' }));
    const form = await screen.findByRole('dialog', { name: 'New token' });
    await userEvent.type(within(form).getByRole('textbox', { name: /Alias/ }), created.alias);
    expect(within(form).getByText("Blank = the plan's 100,000 calls a month.")).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      alias: created.alias,
      validUntil: null,
      monthlyLimit: null,
      layerIds: null,
    });
    const dialog = await screen.findByRole('dialog', { name: 'Token created' });
    expect(within(dialog).getByText('Copy it now: it will not be shown again.')).toBeInTheDocument();
    expect(within(dialog).getByTestId('token-secret')).toHaveTextContent(created.secret);
    expect(within(dialog).getByTestId('token-example')).toHaveTextContent(
      `curl -H "Authorization: Bearer ${created.secret}" ${window.location.origin}/api/v1/points`,
    );
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByRole('dialog', { name: 'Token created' })).not.toBeInTheDocument();
    const row = await rowOf(table, created.alias);
    expect(within(row).getByText('afo_Qw12Er34…')).toBeInTheDocument();
    expect(screen.queryByText(created.secret, { exact: false })).not.toBeInTheDocument();
  });
});
