import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import type { Device } from '@aforo/contracts/devices';
import type { Point } from '@aforo/contracts/points';
import { currentUserQueryKey } from '../../lib/current-user';
import { i18n } from '../../lib/i18n';
import { queryKeys } from '../../lib/query-keys';
import { sessionStore } from '../../lib/session';
import { buildCurrentUser, companyA } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { PointDeviceCard } from './components/PointDeviceCard';
import { PointFactsCard } from './components/PointFactsCard';
import { ReadingValue } from './components/ReadingValue';

const deviceId = '77777777-7777-4777-8777-777777777777';

const point: Point = {
  id: '66666666-6666-4666-8666-666666666666',
  companyId: companyA,
  name: 'Ebro en Zaragoza',
  address: null,
  latitude: 41.656,
  longitude: -0.8773,
  kind: 'river',
  groundLevel: 6.5,
  invertLevel: 0.25,
  measureTime: 900,
  transmissionTime: 3600,
  measuresForAvg: 1,
  alertValue: 5.2,
  warningValue: 4.75,
  alertOnDelay: 1,
  alertOffDelay: 1,
  alertDeadband: null,
  levelDifference: 1.5,
  value4mA: 0,
  value20mA: 10.5,
  unit: 'm',
  test: false,
  alertFlat: true,
  defaultAmountMeasuresFlat: 10,
  defaultAmountGapMeasureExceed: 3,
  public: true,
  favorite: false,
  parameters: {
    ai1: { label: 'Nivel', alert_upper: 5.2, fluid_density: 1000.5, calculated_value_unit: 'm' },
  },
  device: { id: deviceId, serial: 'AFR-1001', state: 'Active' },
  layers: [],
  latest: null,
  level: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
};

const device = {
  id: deviceId,
  serial: 'AFR-1001',
  manufactured: null,
  model: null,
  product: null,
  firmware: null,
  simNumber: null,
  network: null,
  company: { id: companyA, name: 'Canal del Norte S.A.' },
  measurementPoint: { id: point.id, name: point.name },
  batteryQuantity: null,
  batteryMaxLoad: null,
  technicalNotes: null,
  serialExternalSensor: null,
  state: 'Active',
  location: 'Empty',
  hasKey: true,
  lastSeenAt: '2026-11-21T09:45:00.000Z',
  lastBattery: 3.3449,
  lastRssi: -87,
  transmission: 'in_service',
  updatedAt: '2026-03-01T10:00:00.000Z',
  updatedBy: null,
  deletedAt: null,
} as Device;

afterEach(() => {
  cleanup();
  sessionStore.reload(null);
});

async function inLanguage(language: Language) {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
}

/** The value shown under a LabeledValue caption. */
function shown(label: string): string {
  const caption = screen.getByText(label, { exact: true });
  return (caption.parentElement?.textContent ?? '').slice(label.length);
}

function renderPanel() {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(null), buildCurrentUser());
  queryClient.setQueryData(queryKeys.devices.detail(deviceId), device);
  queryClient.setQueryData([...queryKeys.devices.all, 'history', deviceId], { rows: [], total: 0 });
  return renderWithProviders(
    <>
      <PointFactsCard point={point} />
      <PointDeviceCard point={point} />
      <ReadingValue
        latest={{ port: 'ai1', ts: '2026-11-21T09:45:00.000Z', value: 3.8870000000000005, flag: 1 }}
        unit="m"
      />
    </>,
    { queryClient },
  );
}

describe('the point panel in the interface language', () => {
  it('Spanish: decimal commas everywhere, float noise rounded away', async () => {
    await inLanguage('es');
    renderPanel();
    expect(shown('Cota del terreno')).toBe('6,5');
    expect(shown('Nivel de peligro')).toBe('5,2');
    expect(shown('Nivel de aviso')).toBe('4,75');
    expect(shown('Diferencia de nivel')).toBe('1,5');
    expect(shown('Coordenadas')).toBe('41,656; -0,8773');
    expect(shown('Batería')).toBe('3,34 V');
    expect(shown('Cobertura')).toBe('-87 dBm');
    const ai1 = within(screen.getByTestId('parameters-ai1'));
    expect(ai1.getByRole('row', { name: /Límite superior de peligro/ })).toHaveTextContent('5,2 m');
    expect(ai1.getByRole('row', { name: /Densidad del fluido/ })).toHaveTextContent('1000,5 kg/m³');
    expect(screen.getByText('3,887')).toBeInTheDocument();
  });

  it('English: decimal points', async () => {
    await inLanguage('en');
    renderPanel();
    expect(shown('Ground level')).toBe('6.5');
    expect(shown('Danger level')).toBe('5.2');
    expect(shown('Coordinates')).toBe('41.656; -0.8773');
    expect(shown('Battery')).toBe('3.34 V');
    const ai1 = within(screen.getByTestId('parameters-ai1'));
    expect(ai1.getByRole('row', { name: /Fluid density/ })).toHaveTextContent('1,000.5 kg/m³');
    expect(screen.getByText('3.887')).toBeInTheDocument();
  });

  it('switches with the language, without a reload', async () => {
    await inLanguage('es');
    renderPanel();
    expect(shown('Batería')).toBe('3,34 V');
    await inLanguage('en');
    expect(shown('Battery')).toBe('3.34 V');
  });
});
