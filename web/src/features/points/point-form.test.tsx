import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '@aforo/contracts/points';
import { portFormValues } from '../../lib/port-parameters';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { companyA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PointFormModal } from './components/PointFormModal';
import { pointFormValues, replayCandidate, toPointInput, validatePointForm } from './point-form';

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
  measureTime: 3600,
  transmissionTime: 900,
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
  parameters: {},
  device: null,
  layers: [],
  latest: null,
  level: null,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  deletedAt: null,
};
const valid = { ...point, measureTime: 900, transmissionTime: 3600 };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function useLanguage(language: 'en' | 'es') {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
}

describe('point form validation', () => {
  it('gives the docs/VALIDATION.md messages, port fields included', async () => {
    await useLanguage('en');
    const errors = validatePointForm({
      ...pointFormValues(point),
      measuresForAvg: 61,
      latitude: 95,
      value4mA: 4,
      value20mA: 4,
      parameters: { ai1: { ...portFormValues(undefined), value_4mA: 2, value_20mA: 2 } },
    });
    expect(errors).toMatchObject({
      transmissionTime: 'Transmission time must be greater than measure time',
      measuresForAvg: 'Measures for average must be 60 or less',
      latitude: 'Latitude must be between -90 and 90',
      value20mA: 'The 4 mA and 20 mA values must be different',
      'parameters.ai1.value_20mA': 'The 4 mA and 20 mA values must be different',
    });
  });

  it('accepts a valid point and valid port parameters', async () => {
    await useLanguage('en');
    const values = {
      ...pointFormValues(valid),
      parameters: { ai1: { ...portFormValues(undefined), label: 'Nivel', value_4mA: 0, value_20mA: 5 } },
    };
    expect(validatePointForm(values)).toEqual({});
  });

  it.each([
    ['es', 'El nivel de aviso debe ser menor o igual que el de peligro'],
    ['en', 'The warning level must be lower than or equal to the danger level'],
  ] as const)('says a warning level above the danger level is one (%s)', async (language, message) => {
    await useLanguage(language);
    const errors = validatePointForm({ ...pointFormValues(valid), alertValue: 5.2, warningValue: 6 });
    expect(errors).toEqual({ warningValue: message });
    expect(validatePointForm({ ...pointFormValues(valid), alertValue: 5.2, warningValue: 5.2 })).toEqual({});
  });
});

describe('point form alert tuning', () => {
  it('starts from the defaults (1, 1, 2 % deadband) and keeps a stored tuning', () => {
    expect(pointFormValues(null)).toMatchObject({ alertOnDelay: 1, alertOffDelay: 1, alertDeadband: '' });
    const tuned = { ...valid, alertOnDelay: 3, alertOffDelay: 2, alertDeadband: 0.05 };
    expect(toPointInput(pointFormValues(tuned))).toMatchObject({
      alertOnDelay: 3,
      alertOffDelay: 2,
      alertDeadband: 0.05,
    });
    expect(toPointInput(pointFormValues(valid))).toMatchObject({ alertDeadband: null });
  });

  it.each([
    [
      'es',
      'Debe ser como mínimo 1',
      'Debe ser como máximo 100',
      'Debe ser un número entero',
      'Debe ser como mínimo 0',
    ],
    [
      'en',
      'This must be at least 1',
      'This must be at most 100',
      'This must be a whole number',
      'This must be at least 0',
    ],
  ] as const)(
    'validates the delays and the deadband (%s)',
    async (language, atLeast1, atMost100, whole, atLeast0) => {
      await useLanguage(language);
      const base = pointFormValues(valid);
      expect(validatePointForm({ ...base, alertOnDelay: 0, alertOffDelay: 101, alertDeadband: -1 })).toEqual({
        alertOnDelay: atLeast1,
        alertOffDelay: atMost100,
        alertDeadband: atLeast0,
      });
      expect(validatePointForm({ ...base, alertOnDelay: 1.5, alertOffDelay: '' })).toMatchObject({
        alertOnDelay: whole,
        alertOffDelay: language === 'es' ? 'Este campo es obligatorio' : 'This is a required field',
      });
    },
  );

  it('builds the replay body from the form, none while it does not validate', () => {
    const base = pointFormValues(valid);
    expect(replayCandidate({ ...base, alertValue: 5, warningValue: '4.5', alertOnDelay: 2 })).toEqual({
      alertValue: 5,
      warningValue: 4.5,
      alertOnDelay: 2,
      alertOffDelay: 1,
      alertDeadband: null,
    });
    expect(replayCandidate({ ...base, alertOnDelay: 0 })).toBeNull();
    expect(replayCandidate({ ...base, alertValue: 5, warningValue: 6 })).toBeNull();
  });
});

describe('point form ports', () => {
  it('sends the ports the point stored and those filled in, not a blank model port', () => {
    const values = {
      ...pointFormValues({ ...valid, parameters: { ai1: { label: 'Nivel', value_4mA: 0, value_20mA: 5 } } }),
    };
    values.parameters.ai2 = portFormValues(undefined);
    values.parameters.pu1 = { ...portFormValues(undefined), pulse_value: 0.2 };
    const input = toPointInput(values, ['ai1']);
    expect(Object.keys(input.parameters ?? {})).toEqual(['ai1', 'pu1']);
    expect(input.parameters).toMatchObject({
      ai1: { label: 'Nivel', value_4mA: 0, value_20mA: 5 },
      pu1: { pulse_value: 0.2 },
    });
  });
});

/** A server for the form: the point's ports (series), its save, its replay. */
function stubServer(ports: unknown[]) {
  const fetchSpy = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (path.includes('/series'))
      return json({
        pointId: point.id,
        port: 'ai1',
        ports,
        unit: 'm',
        from: '2026-03-01T10:00:00.000Z',
        to: '2026-03-01T10:01:00.000Z',
        bucketSeconds: 60,
        raw: true,
        measureTime: 900,
        points: [],
        thresholds: {
          warningValue: null,
          alertValue: null,
          warningUpper: null,
          warningLower: null,
          alertUpper: null,
          alertLower: null,
        },
        groundLevel: null,
        invertLevel: null,
      });
    if (path.includes('/alert-replay'))
      return json({
        from: '2026-02-01T10:00:00.000Z',
        to: '2026-03-03T10:00:00.000Z',
        port: 'ai1',
        measures: 2880,
        alerts: { danger: 2, warning: 3 },
        current: { danger: 0, warning: 0 },
      });
    if (init?.method === 'PUT') return json({ ...point, ...(JSON.parse(String(init.body)) as object) });
    return json({ rows: [], total: 0 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return fetchSpy;
}

describe('PointFormModal', () => {
  it('offers the units grouped with translated group names and saves the chosen symbol', async () => {
    const fetchSpy = stubServer([]);
    await useLanguage('es');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={valid} onClose={vi.fn()} />);
    const unit = await screen.findByRole('combobox', { name: 'Unidad' });
    expect(unit).toHaveValue('m');
    await userEvent.click(unit);
    const listbox = await screen.findByRole('listbox');
    for (const group of ['Nivel', 'Distancia', 'Precipitación', 'Presión', 'Caudal'])
      expect(within(listbox).getByText(group)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'L/s' }));
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await vi.waitFor(() =>
      expect(fetchSpy).toHaveBeenCalledWith(
        expect.stringContaining(`/api/points/${point.id}`),
        expect.objectContaining({ method: 'PUT' }),
      ),
    );
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({
      unit: 'L/s',
      alertOnDelay: 1,
      alertOffDelay: 1,
    });
  });

  it('edits the installed model ports through their fields, not a JSON box, and saves them', async () => {
    const fetchSpy = stubServer([{ key: 'ai1', label: 'Nivel', type: 'current_4_20' }]);
    await useLanguage('en');
    sessionStore.signIn('token', companyA);
    const device = { id: '88888888-8888-4888-8888-888888888888', serial: 'AFR-1001', state: 'Active' };
    renderWithProviders(<PointFormModal point={{ ...valid, device }} onClose={vi.fn()} />);
    const port = within(await screen.findByTestId('port-ai1'));
    expect(screen.queryByRole('textbox', { name: 'Device parameters' })).not.toBeInTheDocument();
    // a 4-20 mA port: its own fields, and the limits say what they do
    expect(port.getByRole('textbox', { name: 'Value at 4 mA (m)' })).toBeInTheDocument();
    expect(port.queryByRole('textbox', { name: /Value per pulse/ })).not.toBeInTheDocument();
    expect(port.getByText(/not an alert level: a value below it is marked suspect/)).toBeInTheDocument();
    await userEvent.type(port.getByRole('textbox', { name: 'Value at 4 mA (m)' }), '0');
    await userEvent.type(port.getByRole('textbox', { name: 'Value at 20 mA (m)' }), '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await port.findByText('The 4 mA and 20 mA values must be different')).toBeInTheDocument();
    const twenty = port.getByRole('textbox', { name: 'Value at 20 mA (m)' });
    await userEvent.clear(twenty);
    await userEvent.type(twenty, '5');
    await userEvent.type(port.getByRole('textbox', { name: 'Upper danger limit (m)' }), '4.5');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body)).parameters).toMatchObject({
      ai1: { value_4mA: 0, value_20mA: 5, alert_upper: 4.5, active: true },
    });
  });

  it('says warning above danger under the warning level on save (es)', async () => {
    const fetchSpy = stubServer([]);
    await useLanguage('es');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={valid} onClose={vi.fn()} />);
    await userEvent.type(await screen.findByRole('textbox', { name: 'Nivel de peligro' }), '5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Nivel de aviso' }), '6');
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El nivel de aviso debe ser menor o igual que el de peligro'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Este valor no es válido')).not.toBeInTheDocument();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });
});
