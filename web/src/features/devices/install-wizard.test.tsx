import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Device } from '@aforo/contracts/devices';
import type { Model } from '@aforo/contracts/models';
import type { Point } from '@aforo/contracts/points';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { companyA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { InstallWizard } from './components/InstallWizard';

const at = '2026-03-01T10:00:00.000Z';
const model: Model = {
  id: '77777777-7777-4777-8777-777777777777',
  brand: { id: '88888888-8888-4888-8888-888888888888', abbreviation: 'HYD' },
  name: 'LV-420',
  ports: [
    { key: 'ai1', type: 'current_4_20', label: 'Nivel' },
    { key: 'p1', type: 'pulse', label: 'Lluvia' },
  ],
  devices: 1,
  createdAt: at,
  updatedAt: at,
};
const device: Device = {
  id: '55555555-5555-4555-8555-555555555555',
  serial: 'OTT-0001',
  manufactured: null,
  model: { id: model.id, name: model.name },
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
  updatedAt: at,
  updatedBy: null,
  deletedAt: null,
};
const point: Point = {
  id: '66666666-6666-4666-8666-666666666666',
  companyId: companyA,
  name: 'Río Ebro',
  address: null,
  latitude: 41.65,
  longitude: -0.88,
  kind: 'river',
  groundLevel: null,
  invertLevel: null,
  measureTime: 900,
  transmissionTime: 3600,
  measuresForAvg: 1,
  alertValue: null,
  warningValue: null,
  alertOnDelay: 1,
  alertOffDelay: 1,
  alertDeadband: null,
  levelDifference: 0,
  value4mA: null,
  value20mA: null,
  unit: 'm',
  test: false,
  alertFlat: true,
  defaultAmountMeasuresFlat: 10,
  defaultAmountGapMeasureExceed: 3,
  public: false,
  favorite: false,
  parameters: { ai1: { label: 'Nivel río', value_4mA: 0, value_20mA: 6 } },
  device: null,
  layers: [],
  latest: null,
  level: null,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

/** The API of the wizard: lists of devices, points and models; the install answers with `installAnswer`. */
async function openWizard(
  installAnswer: () => Response = () => Response.json({ ...device, state: 'Active' }),
) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'POST') return installAnswer();
    const rows = url.startsWith('/api/points')
      ? [point]
      : url.startsWith('/api/models')
        ? [model]
        : url.startsWith('/api/devices')
          ? [device]
          : [];
    return Response.json({ rows, total: rows.length });
  });
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const onClose = vi.fn();
  renderWithProviders(<InstallWizard device={device} onClose={onClose} />);
  const dialog = await screen.findByRole('dialog', { name: 'Install a device' });
  await userEvent.click(within(dialog).getByRole('combobox', { name: 'Measurement point' }));
  await userEvent.click(await screen.findByRole('option', { name: 'Río Ebro' }));
  await within(dialog).findByTestId('port-ai1');
  return { dialog, fetchMock, onClose };
}

const port = (dialog: HTMLElement, key: string) => within(within(dialog).getByTestId(`port-${key}`));
const installBody = (fetchMock: ReturnType<typeof vi.fn>) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
  return JSON.parse((call![1] as RequestInit).body as string) as Record<string, unknown>;
};

describe('install wizard: the configuration step', () => {
  it('shows a form per port of the model, with the fields of its type, prefilled from the point', async () => {
    const { dialog } = await openWizard();
    const level = port(dialog, 'ai1');
    expect(level.getByRole('textbox', { name: 'Port label' })).toHaveValue('Nivel río');
    expect(level.getByRole('textbox', { name: 'Value at 20 mA (m)' })).toHaveValue('6');
    expect(level.queryByRole('textbox', { name: /Pulse factor/ })).toBeNull();
    const rain = port(dialog, 'p1');
    expect(rain.getByRole('textbox', { name: /Value per pulse/ })).toHaveValue('');
    expect(rain.queryByRole('textbox', { name: /Value at 4 mA/ })).toBeNull();
    expect(rain.queryByRole('textbox', { name: 'State 0 label' })).toBeNull();
    expect(within(dialog).getByRole('combobox', { name: 'Measure time' })).toHaveValue('15 minutes');
  });

  it('checks the docs/VALIDATION.md rules before going on', async () => {
    const { dialog } = await openWizard();
    const level = port(dialog, 'ai1');
    await userEvent.clear(level.getByRole('textbox', { name: 'Value at 20 mA (m)' }));
    await userEvent.type(level.getByRole('textbox', { name: 'Value at 20 mA (m)' }), '0');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Transmission time' }));
    await userEvent.click(await screen.findByRole('option', { name: '1 minute' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await level.findByText('The 4 mA and 20 mA values must be different')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Transmission time must be greater than measure time'),
    ).toBeInTheDocument();
    expect(within(dialog).queryByText(/will be installed at/)).toBeNull();
  });

  it('sends the configuration with the install', async () => {
    const { dialog, fetchMock, onClose } = await openWizard();
    await userEvent.type(
      port(dialog, 'ai1').getByRole('textbox', { name: 'Upper warning limit (m)' }),
      '4.5',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText(/will be installed at Río Ebro/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Install' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const body = installBody(fetchMock);
    expect(body).toMatchObject({
      pointId: point.id,
      configuration: {
        measureTime: 900,
        transmissionTime: 3600,
        measuresForAvg: 1,
        parameters: {
          ai1: { label: 'Nivel río', value_4mA: 0, value_20mA: 6, warning_upper: 4.5, active: true },
          p1: { operation_mode: 'level', pulse_value: null },
        },
      },
    });
  });

  it('puts the server’s field errors on their fields, back on the configuration step', async () => {
    const { dialog, onClose } = await openWizard(() =>
      Response.json(
        {
          code: 'V1000',
          message: 'Invalid data',
          fields: { 'configuration.parameters.ai1.warning_upper': 'This is invalid' },
        },
        { status: 400 },
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Next' }));
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Install' }));
    expect(await port(dialog, 'ai1').findByText('This is invalid')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
