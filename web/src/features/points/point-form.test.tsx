import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Point } from '@aforo/contracts/points';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { companyA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { PointFormModal } from './components/PointFormModal';
import { pointFormValues, toPointInput, validatePointForm } from './point-form';

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
  it('gives the docs/VALIDATION.md messages', async () => {
    await useLanguage('en');
    const errors = validatePointForm({
      ...pointFormValues(point),
      measuresForAvg: 61,
      latitude: 95,
      value4mA: 4,
      value20mA: 4,
      parameters: '{"ai1": ',
    });
    expect(errors).toMatchObject({
      transmissionTime: 'Transmission time must be greater than measure time',
      measuresForAvg: 'Measures for average must be 60 or less',
      latitude: 'Latitude must be between -90 and 90',
      value20mA: 'The 4 mA and 20 mA values must be different',
      parameters: 'Invalid JSON format',
    });
  });

  it('accepts a valid point and valid port parameters', async () => {
    await useLanguage('en');
    const errors = validatePointForm({
      ...pointFormValues(point),
      measureTime: '900',
      transmissionTime: '3600',
      parameters: '{"ai1": {"label": "Nivel", "value_4mA": 0, "value_20mA": 5}}',
    });
    expect(errors).toEqual({});
  });
});

describe('point form unit', () => {
  it('shows a stored symbol in the group its point kind prefers and sends only the symbol', () => {
    expect(pointFormValues(point).unit).toBe('level:m');
    expect(pointFormValues(null).unit).toBe('level:m');
    expect(pointFormValues({ ...point, kind: 'rain_gauge', unit: 'mm' }).unit).toBe('precipitation:mm');
    // km is only a distance, whatever the kind
    expect(pointFormValues({ ...point, unit: 'km' }).unit).toBe('distance:km');
    expect(toPointInput({ ...pointFormValues(point), unit: 'pressure:mH₂O' }).unit).toBe('mH₂O');
  });

  it('refuses a unit outside the catalogue', async () => {
    await useLanguage('en');
    const errors = validatePointForm({ ...pointFormValues({ ...point, unit: 'metros' }) });
    expect(errors.unit).toBe('This is invalid');
  });
});

describe('PointFormModal', () => {
  it('offers the units grouped with translated group names and saves the chosen symbol', async () => {
    const fetchSpy = vi.fn(
      async (_url: RequestInfo | URL, init?: RequestInit) =>
        new Response(
          JSON.stringify(
            init?.method === 'PUT'
              ? { ...point, ...(JSON.parse(String(init.body)) as object) }
              : { rows: [], total: 0 },
          ),
          {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          },
        ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await useLanguage('es');
    sessionStore.signIn('token', companyA);
    renderWithProviders(
      <PointFormModal point={{ ...point, measureTime: 900, transmissionTime: 3600 }} onClose={vi.fn()} />,
    );
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
    expect(JSON.parse(String(put[1]!.body))).toMatchObject({ unit: 'L/s' });
  });

  it('shows the transmission and invalid JSON messages under their fields on save', async () => {
    const fetchSpy = vi.fn(async () => new Response(JSON.stringify({ rows: [], total: 0 }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    await useLanguage('es');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={point} onClose={vi.fn()} />);
    const parameters = await screen.findByLabelText('Parámetros del equipo');
    fireEvent.change(parameters, { target: { value: '{not json' } });
    await userEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(
      await screen.findByText('El tiempo de transmisión debe ser mayor que el tiempo de medida'),
    ).toBeInTheDocument();
    expect(screen.getByText('Formato JSON no válido')).toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalledWith(expect.stringContaining('/api/points'), expect.anything());
  });
});
