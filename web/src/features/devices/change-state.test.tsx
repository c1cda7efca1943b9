import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@aforo/contracts/devices';
import type { Role } from '@aforo/contracts/roles';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import { buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { ChangeStateModal } from './components/ChangeStateModal';
import { useDeviceActions } from './use-device-actions';

const toasts = vi.hoisted(() => ({ showToast: vi.fn() }));
vi.mock('../../ui/toasts', () => toasts);

const device: Device = {
  id: '55555555-5555-4555-8555-555555555555',
  serial: 'OTT-0001',
  manufactured: null,
  model: null,
  product: null,
  firmware: null,
  simNumber: null,
  network: null,
  company: { id: companyA, name: 'Canal del Norte S.A.' },
  measurementPoint: { id: '66666666-6666-4666-8666-666666666666', name: 'Río Ebro' },
  batteryQuantity: null,
  batteryMaxLoad: null,
  technicalNotes: null,
  serialExternalSensor: null,
  state: 'Active',
  location: 'Empty',
  hasKey: false,
  lastSeenAt: null,
  lastBattery: null,
  lastRssi: null,
  transmission: null,
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  deletedAt: null,
};

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

async function render(
  ui: React.ReactElement,
  fetchMock = vi.fn(async () => Response.json({})),
  role: Role = 'ROLE_ADMIN',
) {
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), userWith(role));
  renderWithProviders(ui, { queryClient });
  return fetchMock;
}

function Menu({ device: shown, onChangeState }: { device: Device; onChangeState: (d: Device) => void }) {
  const actionsOf = useDeviceActions({ onChangeState });
  return <RowActionsMenu label="Device actions" actions={actionsOf(shown)} />;
}

async function menuItems(): Promise<string[]> {
  const button = screen.queryByRole('button', { name: 'Device actions' });
  if (!button) return [];
  await userEvent.click(button);
  return (await screen.findAllByRole('menuitem')).map((item) => item.textContent ?? '');
}

describe('change state in the device menu', () => {
  it('is offered to an ADMIN and opens the dialog with the device', async () => {
    const onChangeState = vi.fn();
    await render(<Menu device={device} onChangeState={onChangeState} />);
    expect(await menuItems()).toContain('Change state');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change state' }));
    expect(onChangeState).toHaveBeenCalledWith(device);
  });

  it('is not offered to a CHIEF, nor on a decommissioned device', async () => {
    await render(<Menu device={device} onChangeState={vi.fn()} />, undefined, 'ROLE_CHIEF');
    expect(await menuItems()).not.toContain('Change state');
    cleanup();
    await render(<Menu device={{ ...device, state: 'Decommissioned' }} onChangeState={vi.fn()} />);
    expect(await menuItems()).not.toContain('Change state');
  });
});

describe('the change-state dialog', () => {
  it('offers only the states the transition table allows and needs a reason', async () => {
    const fetchMock = await render(<ChangeStateModal device={device} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Change the state of OTT-0001' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'New state' }));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options).toEqual(['Inactive', 'Maintenance', 'Not operational']);
    await userEvent.click(screen.getByRole('option', { name: 'Not operational' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change state' }));
    expect(await within(dialog).findByText('This is a required field')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the state and reason, and shows the server refusal', async () => {
    const onClose = vi.fn();
    const fetchMock = vi.fn(async () =>
      Response.json(
        { code: 'EQ1023', message: 'The device cannot become inactive without a company.' },
        { status: 409 },
      ),
    );
    await render(<ChangeStateModal device={device} onClose={onClose} />, fetchMock);
    const dialog = await screen.findByRole('dialog', { name: 'Change the state of OTT-0001' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'New state' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Inactive' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Apagado en campo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change state' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain(`/api/devices/${device.id}/change-state`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body as string)).toEqual({ state: 'Inactive', reason: 'Apagado en campo' });
    await waitFor(() =>
      expect(toasts.showToast).toHaveBeenCalledWith(
        'error',
        'The device cannot become inactive without a company.',
      ),
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
