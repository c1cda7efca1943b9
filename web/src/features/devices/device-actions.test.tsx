import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceState } from '@aforo/contracts/device-states';
import type { Device } from '@aforo/contracts/devices';
import type { Role } from '@aforo/contracts/roles';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import { buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { useDeviceActions } from './use-device-actions';

function buildDevice(overrides: Partial<Device>): Device {
  return {
    id: '55555555-5555-4555-8555-555555555555',
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
    ...overrides,
  };
}

function Menu({ device }: { device: Device }) {
  const actionsOf = useDeviceActions({
    onEdit: vi.fn(),
    onAssign: vi.fn(),
    onInstall: vi.fn(),
    onKey: vi.fn(),
  });
  return <RowActionsMenu label="Device actions" actions={actionsOf(device)} />;
}

function userWith(role: Role) {
  return buildCurrentUser({
    isGlobal: true,
    userProfiles: [
      {
        id: '44444444-4444-4444-8444-444444444444',
        state: { name: 'Active' },
        company: null,
        profileRoles: [role],
        rolesAssociated: [{ id: role }],
      },
    ],
  });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function menuOf(device: Device, role: Role = 'ROLE_ADMIN'): Promise<string[]> {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404 })),
  );
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), userWith(role));
  renderWithProviders(<Menu device={device} />, { queryClient });
  const button = screen.queryByRole('button', { name: 'Device actions' });
  if (!button) return [];
  await userEvent.click(button);
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent ?? '');
}

const common = { edit: 'Edit', key: 'Generate key', delete: 'Delete', hard: 'Delete permanently' };

/** Every state of docs/DEVICES.md and exactly the menu an ADMIN gets for a device without a point. */
const adminMenus: [DeviceState, string[]][] = [
  ['Unconfigured', [common.edit, 'Review', common.key, common.delete, common.hard]],
  ['Available', [common.edit, 'Assign to company', common.key, common.delete, common.hard]],
  [
    'Inactive',
    [common.edit, 'Install', 'Send to maintenance', 'Decommission', common.key, common.delete, common.hard],
  ],
  [
    'Active',
    [common.edit, 'Report fault', 'Send to maintenance', 'Uninstall', 'Turn off', common.key, common.hard],
  ],
  ['Maintenance', [common.edit, 'Mark repaired', common.key, common.delete, common.hard]],
  [
    'Not Operational',
    [common.edit, 'Send to maintenance', 'Uninstall', common.key, common.delete, common.hard],
  ],
  ['Repaired', [common.edit, 'Install', 'Uninstall', common.key, common.delete, common.hard]],
  ['Decommissioned', [common.delete, common.hard]],
];

describe('device actions menu', () => {
  it.each(adminMenus)(
    'offers an ADMIN exactly the allowed actions of a %s device',
    async (state, expected) => {
      expect(await menuOf(buildDevice({ state }))).toEqual(expected);
    },
  );

  it('gives a CHIEF no decommission nor hard delete', async () => {
    expect(await menuOf(buildDevice({ state: 'Inactive' }), 'ROLE_CHIEF')).toEqual([
      common.edit,
      'Install',
      'Send to maintenance',
      common.key,
      common.delete,
    ]);
  });

  it('gives a VIEWER no actions at all', async () => {
    expect(await menuOf(buildDevice({ state: 'Active' }), 'ROLE_VIEWER')).toEqual([]);
  });

  it('offers restore (and hard delete) only on a deleted device', async () => {
    expect(await menuOf(buildDevice({ state: 'Inactive', deletedAt: '2026-03-02T10:00:00.000Z' }))).toEqual([
      'Restore',
      common.hard,
    ]);
  });

  it('warns that alerts are muted when a device with a point goes to maintenance', async () => {
    const device = buildDevice({ state: 'Active', measurementPoint: { id: companyA, name: 'Río Ebro' } });
    expect(await menuOf(device)).not.toContain(common.hard);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Send to maintenance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send to maintenance' });
    expect(
      within(dialog).getByText(/Río Ebro: its alerts will be muted while in maintenance/),
    ).toBeInTheDocument();
  });
});
