/** The provider's network view on Monitoring and in the header's company selector, in es and en. */
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import type { MonitoringRow } from '@aforo/contracts/monitoring';
import { CompanySelector } from '../../app/CompanySelector';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { networkStore } from '../../lib/network-scope';
import { sessionStore } from '../../lib/session';
import { buildCurrentUser, companyA, companyB } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { MonitoringPage } from './pages/MonitoringPage';

const provider = '77777777-7777-4777-8777-777777777777';
const company = (id: string, businessName: string, isProvider = false) => ({
  id,
  businessName,
  slug: businessName.toLowerCase().replace(/\W+/g, '-'),
  isProvider,
  preferredTimezone: 'Europe/Madrid',
});
const staff = buildCurrentUser({
  isGlobal: true,
  company: { id: provider },
  companies: [
    company(provider, 'Aforo Hidrometría', true),
    company(companyA, 'Canal del Norte S.A.'),
    company(companyB, 'Aguas de Levante S.L.'),
  ],
});
const client = buildCurrentUser();

const row = (pointId: string, name: string, companyId: string, companyName: string): MonitoringRow => ({
  companyId,
  companyName,
  pointId,
  name,
  kind: 'river',
  unit: 'm',
  favourite: false,
  latest: { port: 'ai1', ts: '2026-11-20T10:00:00.000Z', value: 2.5, flag: 1 },
  trend: null,
  level: 'DANGER',
  colour: '#FF0000',
});
const rows = [
  row('00000000-0000-4000-8000-00000000000a', 'Azud del Ebro', companyA, 'Canal del Norte S.A.'),
  row('00000000-0000-4000-8000-00000000000b', 'Rambla del Turia', companyB, 'Aguas de Levante S.L.'),
];

let urls: string[] = [];
function stubApi() {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input instanceof Request ? input.url : input);
      urls.push(url);
      const body = url.includes('/api/monitoring') ? { rows, total: rows.length } : { rows: [], total: 0 };
      return new Response(JSON.stringify(body), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
}

async function renderAs(user: typeof staff, language: Language, ui = <MonitoringPage />, network = true) {
  stubApi();
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  const current = user.isGlobal ? provider : companyA;
  sessionStore.signIn('token', current);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(current), user);
  return renderWithProviders(ui, {
    queryClient,
    path: '/app/screen',
    routes: [{ path: '/app/screen', element: ui, handle: network ? { network: true } : {} }],
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  networkStore.reload(null);
  sessionStore.reload(null);
});

const texts = {
  es: {
    table: 'Monitorización',
    company: 'Empresa',
    all: 'Todas las empresas',
    filter: 'Filtrar por empresa',
  },
  en: { table: 'Monitoring', company: 'Company', all: 'All companies', filter: 'Filter by company' },
} as const;

describe.each(['es', 'en'] as const)('the network view on Monitoring (%s)', (language) => {
  const text = texts[language];

  it('lists every company’s points with a company column and filter for provider staff', async () => {
    await renderAs(staff, language);
    const table = await screen.findByRole('table', { name: text.table });
    expect(await within(table).findByText('Rambla del Turia')).toBeVisible();
    expect(within(table).getByRole('columnheader', { name: text.company })).toBeVisible();
    expect(within(table).getByText('Aguas de Levante S.L.')).toBeVisible();
    expect(urls.find((u) => u.includes('/api/monitoring'))).toMatch(/scope=all/);
    expect(urls.find((u) => u.includes('/api/monitoring'))).toMatch(/order=level&dir=DESC/);
    await userEvent.click(screen.getByRole('combobox', { name: text.filter }));
    await userEvent.click(await screen.findByRole('option', { name: 'Aguas de Levante S.L.' }));
    await vi.waitFor(() =>
      expect(urls.at(-1)).toMatch(
        new RegExp(`scope=all.*companyId=${companyB}|companyId=${companyB}.*scope=all`),
      ),
    );
  });

  it('keeps a client user on their company: no scope, no company column, no filter', async () => {
    await renderAs(client, language);
    const table = await screen.findByRole('table', { name: text.table });
    await within(table).findByText('Azud del Ebro');
    expect(within(table).queryByRole('columnheader', { name: text.company })).toBeNull();
    expect(screen.queryByRole('combobox', { name: text.filter })).toBeNull();
    expect(urls.filter((u) => u.includes('/api/monitoring')).every((u) => !u.includes('scope='))).toBe(true);
  });

  it('offers "all companies" in the header on a network screen only, and only to provider staff', async () => {
    await renderAs(staff, language, <CompanySelector />);
    const selector = await screen.findByRole('combobox', { name: text.company });
    expect(selector).toHaveValue(text.all);
    await userEvent.click(selector);
    expect(await screen.findByRole('option', { name: text.all })).toBeInTheDocument();
    cleanup();
    await renderAs(staff, language, <CompanySelector />, false);
    const plain = await screen.findByRole('combobox', { name: text.company });
    expect(plain).toHaveValue('Aforo Hidrometría');
    await userEvent.click(plain);
    await screen.findByRole('option', { name: 'Canal del Norte S.A.' });
    expect(screen.queryByRole('option', { name: text.all })).toBeNull();
    cleanup();
    // a client user with one company gets no selector at all
    await renderAs(client, language, <CompanySelector />);
    expect(screen.queryByRole('combobox', { name: text.company })).toBeNull();
  });
});
