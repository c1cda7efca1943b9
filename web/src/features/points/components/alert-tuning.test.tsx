import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertReplayInputParsed } from '@aforo/contracts/alert-replay';
import type { Point } from '@aforo/contracts/points';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { PointFormModal } from './PointFormModal';

const point: Point = {
  id: '77777777-7777-4777-8777-777777777777',
  companyId: companyA,
  name: 'Ebro en Zaragoza',
  address: null,
  latitude: 41.65,
  longitude: -0.88,
  kind: 'river',
  groundLevel: 6.5,
  invertLevel: null,
  measureTime: 900,
  transmissionTime: 3600,
  measuresForAvg: 1,
  alertValue: 5.2,
  warningValue: 4,
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

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function useLanguage(language: 'en' | 'es') {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
}

/**
 * A replay endpoint that counts like the engine would on a made-up month: the lower the danger
 * level, the more danger alerts; the saved settings always give 1 danger, 4 warnings.
 */
function stubReplay(measures = 2880) {
  const bodies: AlertReplayInputParsed[] = [];
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const fetchSpy = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const path = String(url);
    if (path.includes('/alert-replay')) {
      const body = JSON.parse(String(init?.body)) as AlertReplayInputParsed;
      bodies.push(body);
      return json({
        from: '2026-02-01T09:00:00.000Z',
        to: '2026-03-03T09:00:00.000Z',
        port: measures === 0 ? null : 'ai1',
        measures,
        alerts: { danger: body.alertValue !== null && body.alertValue < 5 ? 1234 : 1, warning: 4 },
        current: { danger: 1, warning: 4 },
      });
    }
    return new Response(JSON.stringify({ code: 'N1000', message: 'not here' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  return { fetchSpy, bodies };
}

const replayCalls = (fetchSpy: ReturnType<typeof vi.fn>) =>
  fetchSpy.mock.calls.filter(([url]) => String(url).includes('/alert-replay')).length;

describe('the point form alert tuning', () => {
  it.each([
    ['es', 'Retardo de activación', 'Retardo de desactivación', 'Banda muerta', '2 % del nivel'],
    ['en', 'On-delay', 'Off-delay', 'Deadband', '2 % of the level'],
  ] as const)(
    'shows the delays and deadband with their defaults and help (%s)',
    async (language, on, off, band, auto) => {
      stubReplay();
      await useLanguage(language);
      sessionStore.signIn('token', companyA);
      renderWithProviders(<PointFormModal point={point} onClose={vi.fn()} />);
      const tuning = within(await screen.findByTestId('alert-tuning'));
      expect(tuning.getByRole('textbox', { name: on })).toHaveValue('1');
      expect(tuning.getByRole('textbox', { name: off })).toHaveValue('1');
      const deadband = tuning.getByRole('textbox', { name: band });
      expect(deadband).toHaveValue('');
      expect(deadband).toHaveAttribute('placeholder', auto);
      // each says what it does, read by screen readers as the field's description
      expect(tuning.getByRole('textbox', { name: on })).toHaveAccessibleDescription(
        language === 'es' ? /medidas seguidas deben pasar un nivel/ : /measures in a row must cross a level/,
      );
    },
  );

  it('replays the last 30 days on request and again when the danger level changes (es)', async () => {
    const { fetchSpy, bodies } = stubReplay();
    await useLanguage('es');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={point} onClose={vi.fn()} />);
    // nothing is replayed before it is asked for or a level changes
    await screen.findByTestId('alert-tuning');
    expect(replayCalls(fetchSpy)).toBe(0);
    await userEvent.click(screen.getByRole('button', { name: 'Probar con los últimos 30 días' }));
    const preview = within(await screen.findByTestId('alert-replay'));
    expect(
      await preview.findByText('Alertas que habrían saltado en los últimos 30 días'),
    ).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(preview.getByTestId('replay-candidate')).toHaveTextContent('Con estos valores14'),
    );
    expect(preview.getByTestId('replay-current')).toHaveTextContent('Con los guardados14');
    expect(
      preview.getByText('2880 medidas del puerto ai1, del 01/02/2026 al 03/03/2026.'),
    ).toBeInTheDocument();
    expect(bodies[0]).toEqual({
      alertValue: 5.2,
      warningValue: 4,
      alertOnDelay: 1,
      alertOffDelay: 1,
      alertDeadband: null,
    });

    const danger = screen.getByRole('textbox', { name: 'Nivel de peligro' });
    await userEvent.clear(danger);
    await userEvent.type(danger, '4');
    await vi.waitFor(() =>
      expect(preview.getByTestId('replay-candidate')).toHaveTextContent('Con estos valores1234'),
    );
    expect(preview.getByTestId('replay-candidate').querySelector('[data-level="DANGER"]')).toHaveTextContent(
      '1234',
    );
    expect(bodies[0]!.alertValue).toBe(5.2);
    expect(bodies.at(-1)).toMatchObject({ alertValue: 4, warningValue: 4 });
  });

  it('counts in English and says when the point has no measures to replay (en)', async () => {
    stubReplay(0);
    await useLanguage('en');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={point} onClose={vi.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Try on the last 30 days' }));
    expect(
      await screen.findByText('This point has no measures in the last 30 days: there is nothing to try.'),
    ).toBeInTheDocument();
  });

  it('does not replay invalid levels and says why (en)', async () => {
    const { bodies } = stubReplay();
    await useLanguage('en');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={point} onClose={vi.fn()} />);
    const warning = await screen.findByRole('textbox', { name: 'Warning level' });
    await userEvent.clear(warning);
    await userEvent.type(warning, '9');
    expect(await screen.findByText('Correct the levels and delays to see the trial.')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(bodies.filter((b) => b.warningValue === 9)).toEqual([]);
  });

  it('offers no replay on a new point', async () => {
    stubReplay();
    await useLanguage('en');
    sessionStore.signIn('token', companyA);
    renderWithProviders(<PointFormModal point={null} onClose={vi.fn()} />);
    expect(await screen.findByText(/Once the point is saved and has measures/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try on the last 30 days' })).not.toBeInTheDocument();
  });
});
