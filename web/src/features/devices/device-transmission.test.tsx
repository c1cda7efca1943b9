/** The devices list's transmission column and filter (docs/REPORTS.md "Installed-device transmission status"). */
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device, DeviceTransmission } from '@aforo/contracts/devices';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { buildCompanyUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { DevicesPage } from './pages/DevicesPage';

const installed = (serial: string, transmission: DeviceTransmission | null, n: number): Device => ({
  id: `55555555-5555-4555-8555-5555555555${n}0`,
  serial,
  manufactured: null,
  model: null,
  product: null,
  firmware: null,
  simNumber: null,
  network: null,
  company: { id: companyA, name: 'Canal del Norte S.A.' },
  measurementPoint:
    transmission === null ? null : { id: `66666666-6666-4666-8666-6666666666${n}0`, name: `Punto ${n}` },
  batteryQuantity: null,
  batteryMaxLoad: null,
  technicalNotes: null,
  serialExternalSensor: null,
  state: transmission === null ? 'Inactive' : 'Active',
  location: transmission === null ? 'Store' : 'Empty',
  hasKey: false,
  lastSeenAt: null,
  lastBattery: null,
  lastRssi: null,
  transmission,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  deletedAt: null,
});
const devices = [
  installed('TX-IN', 'in_service', 1),
  installed('TX-SHORT', 'out_of_service_under_24h', 2),
  installed('TX-LONG', 'out_of_service_over_24h', 3),
  installed('TX-STORE', null, 4),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

/** The operation list at `path`; returns the query strings of the list calls. */
async function renderList(language: 'es' | 'en', path = '/') {
  const calls: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/devices')
        return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
      calls.push(url.searchParams);
      return Response.json({ rows: devices, total: devices.length });
    }),
  );
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
  const view = renderWithProviders(<DevicesPage mode="operation" />, { queryClient, path });
  await screen.findByText('TX-IN');
  return { calls, router: view.router };
}

const rowOf = (serial: string) => screen.getByText(serial).closest('tr')!;

describe('devices list: transmission', () => {
  it.each([
    ['es', 'Transmisión', ['En servicio', 'Sin servicio < 24 h', 'Sin servicio > 24 h']],
    ['en', 'Transmission', ['In service', 'Out of service < 24 h', 'Out of service > 24 h']],
  ] as const)(
    '%s: a badge for each installed device, none for one in the store',
    async (language, title, labels) => {
      await renderList(language);
      expect(screen.getByRole('columnheader', { name: title })).toBeInTheDocument();
      expect(within(rowOf('TX-IN')).getByText(labels[0])).toBeInTheDocument();
      expect(within(rowOf('TX-SHORT')).getByText(labels[1])).toBeInTheDocument();
      expect(within(rowOf('TX-LONG')).getByText(labels[2])).toBeInTheDocument();
      for (const label of labels)
        expect(within(rowOf('TX-STORE')).queryByText(label)).not.toBeInTheDocument();
    },
  );

  it('reads the filter from the URL and sends it', async () => {
    const { calls } = await renderList('en', '/?transmission=out_of_service_over_24h');
    expect(calls.at(-1)?.get('transmission')).toBe('out_of_service_over_24h');
    expect(screen.getByRole('combobox', { name: 'Transmission' })).toHaveValue('Out of service > 24 h');
  });

  it('ignores a status the API does not know', async () => {
    const { calls } = await renderList('en', '/?transmission=broken');
    expect(calls.at(-1)?.has('transmission')).toBe(false);
  });

  it('keeps the chosen status in the URL', async () => {
    const { calls, router } = await renderList('es');
    expect(calls.at(-1)?.has('transmission')).toBe(false);
    await userEvent.click(screen.getByRole('combobox', { name: 'Transmisión' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Sin servicio < 24 h' }));
    await waitFor(() => expect(router.state.location.search).toBe('?transmission=out_of_service_under_24h'));
    await waitFor(() => expect(calls.at(-1)?.get('transmission')).toBe('out_of_service_under_24h'));
  });
});
