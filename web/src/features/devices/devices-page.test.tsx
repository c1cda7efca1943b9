/** The device register as a client and as provider staff: its intro, and where an installed device is. */
import { act, cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@aforo/contracts/devices';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { buildCompanyUser, buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { DevicesPage } from './pages/DevicesPage';

const base: Device = {
  id: '55555555-5555-4555-8555-555555555501',
  serial: 'OTT-0001',
  manufactured: null,
  model: null,
  product: null,
  firmware: null,
  simNumber: null,
  network: null,
  company: { id: companyA, name: 'Canal del Norte S.A.' },
  measurementPoint: null,
  batteryQuantity: null,
  batteryMaxLoad: null,
  technicalNotes: null,
  serialExternalSensor: null,
  state: 'Inactive',
  location: 'Store',
  hasKey: false,
  lastSeenAt: null,
  lastBattery: null,
  lastRssi: null,
  transmission: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  deletedAt: null,
};
const devices: Device[] = [
  base,
  {
    ...base,
    id: '55555555-5555-4555-8555-555555555502',
    serial: 'OTT-0002',
    state: 'Active',
    location: 'Empty',
    transmission: 'in_service',
    measurementPoint: { id: '66666666-6666-4666-8666-666666666601', name: 'Río Ebro en Castejón' },
  },
];

const provider = buildCurrentUser({
  isGlobal: true,
  userProfiles: [
    {
      id: '44444444-4444-4444-8444-444444444445',
      state: { name: 'Active' },
      company: null,
      profileRoles: ['ROLE_ADMIN'],
      rolesAssociated: [{ id: 'ROLE_ADMIN' }],
    },
  ],
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderRegister(language: 'es' | 'en', user: CurrentUser) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/devices?')
        ? Response.json({ rows: devices, total: devices.length })
        : Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 }),
    ),
  );
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), user);
  renderWithProviders(<DevicesPage mode="administration" />, { queryClient });
  await screen.findByText('OTT-0002');
}

describe('device register', () => {
  it('es: a client reads an intro about its own devices, not "el stock sin empresa"', async () => {
    await renderRegister('es', buildCompanyUser(['ROLE_ADMIN_CLIENTE']));
    expect(
      screen.getByText(
        'Los equipos de su empresa: en su almacén, instalados en sus puntos o en mantenimiento.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/stock sin empresa/)).not.toBeInTheDocument();
  });

  it('en: provider staff read the whole register intro', async () => {
    await renderRegister('en', provider);
    expect(
      screen.getByText('Every device: the stock without company and the devices of each company.'),
    ).toBeInTheDocument();
  });

  it.each(['es', 'en'] as const)(
    '%s: an installed device is located at its point, never "Empty"',
    async (language) => {
      await renderRegister(language, provider);
      const row = screen.getByText('OTT-0002').closest('tr')!;
      // the point column and the location column both name the point
      expect(row.textContent?.match(/Río Ebro en Castejón/g)).toHaveLength(2);
      expect(row).not.toHaveTextContent(language === 'es' ? 'Vacío' : 'Empty');
      const store = screen.getByText('OTT-0001').closest('tr')!;
      expect(store).toHaveTextContent(language === 'es' ? 'Almacén' : 'Store');
    },
  );
});
