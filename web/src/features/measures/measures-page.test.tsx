import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Measure } from '@aforo/contracts/measures';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { fromZonedInput, toZonedInput } from '../../lib/time';
import { pickDate } from '../../test/date-picker';
import { buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { MeasuresPage } from './pages/MeasuresPage';

const pointId = '55555555-5555-4555-8555-555555555555';
const deviceId = '77777777-7777-4777-8777-777777777777';
const range = { from: '2026-11-20T10:00:00.000Z', to: '2026-11-21T10:00:00.000Z' };

const measure = (overrides: Partial<Measure>): Measure => ({
  deviceId,
  deviceSerial: 'AFR-1001',
  pointId,
  pointName: 'Río Ebro en Zaragoza',
  port: 'ai1',
  ts: '2026-11-21T09:45:00.000Z',
  epoch: 1795254300,
  direct: 12.004,
  adjusted: 12.004,
  interpreted: 5.0025,
  flag: 1,
  topic: 'aforo/v1/LVL/AFR-1001/up',
  receivedAt: '2026-11-21T09:45:02.000Z',
  ...overrides,
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// the browser (node) in a zone no company here uses: times must follow the company, not it
const savedTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = savedTz;
});

/** The query client of the test that is running (cleared before the real fetch comes back). */
let queryClient: QueryClient | undefined;

afterEach(() => {
  cleanup();
  // no query of this test may refetch once the stub is gone (it would reach happy-dom's real fetch)
  queryClient?.clear();
  queryClient = undefined;
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderMeasures(
  path: string,
  measures: Measure[] = [],
  user: CurrentUser = buildCurrentUser(),
) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/measures?')) return json({ rows: measures, total: measures.length, ...range });
    // the selectors' lists are not what this test is about
    if (url.startsWith('/api/points?')) return json({ rows: [], total: 0 });
    if (url.startsWith('/api/devices?')) return json({ rows: [], total: 0 });
    return json({ code: 'N1000', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('es');
  await act(() => i18n.changeLanguage('es'));
  sessionStore.signIn('token', companyA);
  const client = createTestQueryClient();
  queryClient = client;
  client.setQueryData(currentUserQueryKey(companyA), user);
  const rendered = renderWithProviders(<MeasuresPage />, {
    path,
    queryClient: client,
    routes: [{ path: '/app/operation/measures', element: <MeasuresPage /> }],
  });
  const measureCalls = () =>
    fetchSpy.mock.calls.map(([input]) => String(input)).filter((u) => u.startsWith('/api/measures?'));
  return { ...rendered, fetchSpy, measureCalls };
}

describe('MeasuresPage', () => {
  it('asks for a point or a device before querying', async () => {
    const { measureCalls } = await renderMeasures('/app/operation/measures');
    expect(
      await screen.findByText('Elija un punto de medición o un equipo para ver sus medidas.'),
    ).toBeInTheDocument();
    expect(measureCalls()).toEqual([]);
  });

  it('opens from a deep link with the point and shows values, epoch time and quality', async () => {
    const { measureCalls } = await renderMeasures(`/app/operation/measures?pointId=${pointId}`, [
      measure({}),
      measure({ ts: '2026-11-21T09:30:00.000Z', epoch: 1795253400, flag: 3, interpreted: null }),
    ]);
    const table = await screen.findByRole('table', { name: 'Medidas' });
    expect(await within(table).findByText('1795254300')).toBeInTheDocument();
    expect(within(table).getByText('Válida')).toBeInTheDocument();
    expect(within(table).getByText('Sospechosa')).toBeInTheDocument();
    expect(within(table).getAllByText('12,004')).toHaveLength(4);
    expect(within(table).getByText('5,0025')).toBeInTheDocument();
    expect(within(table).getByText('—')).toBeInTheDocument();
    expect(measureCalls()).toEqual([`/api/measures?page=1&length=50&order=ts&dir=DESC&pointId=${pointId}`]);
    // the range the server used is shown in the inputs
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveAttribute(
      'data-value',
      toZonedInput(range.from, 'Europe/Madrid'),
    );
  });

  it('writes the filters to the URL and queries with them', async () => {
    const { router, measureCalls } = await renderMeasures(`/app/operation/measures?pointId=${pointId}`);
    expect(await screen.findByText('No hay medidas en este rango')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Calidad' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Fallo' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?pointId=${pointId}&flag=4`));

    await pickDate('Desde', '2026-11-01T08:30');
    const iso = fromZonedInput('2026-11-01T08:30', 'Europe/Madrid')!;
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('from')).toBe(iso));
    await waitFor(() =>
      expect(measureCalls().at(-1)).toBe(
        `/api/measures?page=1&length=50&order=ts&dir=DESC&pointId=${pointId}&from=${encodeURIComponent(iso)}&flag=4`,
      ),
    );
  });

  it("exports the page's filters with the chosen separator, decimal mark and frequency", async () => {
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    const createObjectURL = vi.fn(() => 'blob:export');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    try {
      const { fetchSpy } = await renderMeasures(`/app/operation/measures?pointId=${pointId}&flag=4`);
      fetchSpy.mockImplementationOnce(
        async () =>
          new Response('\uFEFFbucket_start\r\n', {
            headers: { 'content-disposition': 'attachment; filename="measures-3600s.csv"' },
          }),
      );
      const user = userEvent.setup();
      // the range is the server's default one the list answered with
      expect(await screen.findByText('No hay medidas en este rango')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Exportar' }));
      const dialog = await screen.findByRole('dialog', { name: 'Exportar a CSV o XLSX' });
      await user.click(within(dialog).getByRole('combobox', { name: 'Separador de columnas' }));
      await user.click(await screen.findByRole('option', { name: /^Punto y coma/ }));
      // Spanish starts with the decimal comma; a point is one choice away
      await user.click(within(dialog).getByRole('combobox', { name: 'Separador decimal' }));
      await user.click(await screen.findByRole('option', { name: 'Punto (1.5)' }));
      await user.click(within(dialog).getByRole('combobox', { name: 'Frecuencia' }));
      await screen.findByRole('option', { name: '1 h' });
      const options = screen.getAllByRole('option');
      expect(options.map((o) => o.textContent)).toEqual([
        'Sin agrupar (cada medida)',
        '5 min',
        '10 min',
        '15 min',
        '30 min',
        '1 h',
        '2 h',
        '3 h',
        '4 h',
        '6 h',
        '12 h',
        '1 día',
      ]);
      await user.click(screen.getByRole('option', { name: '1 h' }));
      await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));

      await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
      const [url, init] = fetchSpy.mock.calls.find(([u]) => String(u).startsWith('/api/measures/export'))!;
      expect(url).toBe(
        `/api/measures/export?pointId=${pointId}&from=${encodeURIComponent(range.from)}` +
          `&to=${encodeURIComponent(range.to)}&flag=4&dir=DESC&format=csv&separator=%3B&decimal=.&frequency=3600`,
      );
      const headers = new Headers(init?.headers);
      expect(headers.get('authorization')).toBe('Bearer token');
      expect(headers.get('x-current-company')).toBe(companyA);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    } finally {
      Object.assign(URL, saved);
    }
  });

  it('offers no export until a point or a device is chosen', async () => {
    await renderMeasures('/app/operation/measures');
    expect(await screen.findByRole('button', { name: 'Exportar' })).toBeDisabled();
  });

  it("shows and reads times on the company's clock, not the browser's", async () => {
    const newYork = buildCurrentUser({
      companies: [
        {
          id: companyA,
          businessName: 'Hudson Water',
          slug: 'hudson-water',
          isProvider: false,
          preferredTimezone: 'America/New_York',
        },
      ],
    });
    const { router } = await renderMeasures(
      `/app/operation/measures?pointId=${pointId}`,
      [measure({})],
      newYork,
    );
    const table = await screen.findByRole('table', { name: 'Medidas' });
    // 09:45:00Z is 04:45 in New York (EST), whatever zone the test runs in
    expect(await within(table).findByText('21/11/2026, 04:45:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Desde' })).toHaveTextContent('20/11/2026 05:00');

    await pickDate('Hasta', '2026-11-21T08:30');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-21T13:30:00.000Z'),
    );
  });
});
