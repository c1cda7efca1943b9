import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapPoint } from '@aforo/contracts/map';
import { publicDatumTexts, type PublicDashboard, type PublicPoint } from '@aforo/contracts/public-dashboard';
import { i18n } from '../../lib/i18n';
import type * as MapFeature from '../map';
import type * as PointsFeature from '../points';
import { sessionStore } from '../../lib/session';
import { buildToken, companyA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { embedSnippet } from './embed';
import { PublicDashboardPage } from './pages/PublicDashboardPage';
import { PublicWidgetPage } from './pages/PublicWidgetPage';

// Leaflet and ECharts need a real browser (e2e/specs/public-dashboard.spec.ts draws them): here they
// are stand-ins that show what they were given
vi.mock('../map', async (original) => ({
  ...(await original<typeof MapFeature>()),
  LazyPointsMap: ({ points }: { points: MapPoint[] }) => (
    <ul data-testid="map-stand-in">
      {points.map((p) => (
        <li key={p.id}>{`${p.n} ${p.lv}`}</li>
      ))}
    </ul>
  ),
}));
vi.mock('../points', async (original) => ({
  ...(await original<typeof PointsFeature>()),
  SeriesChart: ({ series }: { series: { points: unknown[] } }) => (
    <div data-testid="chart-stand-in">{series.points.length} rows</div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const ids = ['7d1f2c3a-0000-4000-8000-000000000001', '7d1f2c3a-0000-4000-8000-000000000002'];

function point(id: string, name: string, level: PublicPoint['level']): PublicPoint {
  return {
    id,
    name,
    kind: 'river',
    latitude: 41.65,
    longitude: -0.88,
    level,
    unit: 'm',
    riverLevel: {
      pointId: id,
      name,
      kind: 'river',
      unit: 'm',
      current: { value: 2.6, ts: new Date().toISOString(), flag: 1 },
      groundLevel: 5,
      invertLevel: 0,
      warningValue: 3,
      alertValue: 4,
      typical: null,
      record: null,
      trendPerHour: 0.6,
      level,
      state: { stale: false, suspect: false, failed: false, maintenance: false },
    },
  };
}

const dashboard = (lang: 'es' | 'en'): PublicDashboard => ({
  company: { name: 'Canal del Norte S.A.', slug: 'canal-del-norte' },
  points: [point(ids[0]!, 'Ebro en Zaragoza', 'OK'), point(ids[1]!, 'Gállego en Santa Eulalia', 'WARNING')],
  datum: publicDatumTexts[lang],
  tiles: { url: null, attribution: '' },
});

const series = {
  pointId: ids[0],
  unit: 'm',
  from: new Date(Date.now() - 7 * 86_400_000).toISOString(),
  to: new Date().toISOString(),
  bucketSeconds: 1200,
  raw: false,
  points: [{ ts: new Date().toISOString(), value: 2.6, min: 2.5, max: 2.7, count: 3, flag: 1 }],
  thresholds: {
    warningValue: 3,
    alertValue: 4,
    warningUpper: null,
    warningLower: null,
    alertUpper: null,
    alertLower: null,
  },
  groundLevel: 5,
  invertLevel: 0,
};

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderAt(path: string, lang: 'es' | 'en' = 'en', status = 200) {
  const calls: { url: string; headers: Headers }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      // a signed-in visitor's own session is read as anywhere else (time zone); only /public calls count here
      if (!url.startsWith('/public/')) return answer(404, { code: 'N1000', message: 'not here' });
      calls.push({ url, headers: new Headers(init?.headers) });
      if (status !== 200) return answer(status, { code: 'PD1000', message: 'not found' });
      return url.includes('/series') ? answer(200, series) : answer(200, dashboard(lang));
    }),
  );
  sessionStore.setLanguage(lang);
  await act(() => i18n.changeLanguage(lang));
  renderWithProviders(<div />, {
    path,
    routes: [
      { path: '/public/dashboard/:slug', element: <PublicDashboardPage /> },
      { path: '/public/dashboard/:slug/widget/:pointId', element: <PublicWidgetPage /> },
    ],
  });
  return calls;
}

describe('public dashboard page', () => {
  it('shows the company, the map of its public points, a widget and a 7-day chart per point, the datum', async () => {
    // a signed-in visitor's token is never sent with the public calls
    sessionStore.signIn(buildToken({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + 3600 }), companyA);
    const calls = await renderAt('/public/dashboard/canal-del-norte');
    expect(await screen.findByRole('heading', { name: 'Canal del Norte S.A.' })).toBeInTheDocument();
    const map = screen.getByTestId('map-stand-in');
    expect(within(map).getByText('Ebro en Zaragoza OK')).toBeInTheDocument();
    expect(within(map).getByText('Gállego en Santa Eulalia WARNING')).toBeInTheDocument();
    const cards = screen.getAllByTestId('public-point');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByTestId('river-level-widget')).toHaveAttribute('data-level', 'WARNING');
    await waitFor(() => expect(screen.getAllByTestId('chart-stand-in')).toHaveLength(2));
    expect(screen.getByTestId('datum-explained')).toHaveTextContent(publicDatumTexts.en.invertLevel);
    expect(screen.getAllByText('Last 7 days')).toHaveLength(2);
    // the widget links nowhere into the app
    expect(document.querySelector('a[href^="/app"]')).toBeNull();
    expect(calls.map((c) => c.url).sort()).toEqual([
      '/public/dashboard/canal-del-norte',
      `/public/dashboard/canal-del-norte/points/${ids[0]}/series?range=7d`,
      `/public/dashboard/canal-del-norte/points/${ids[1]}/series?range=7d`,
    ]);
    for (const call of calls) {
      expect(call.headers.get('authorization')).toBeNull();
      expect(call.headers.get('x-current-company')).toBeNull();
    }
  });

  it('speaks Spanish with a Spanish browser, datum included', async () => {
    await renderAt('/public/dashboard/canal-del-norte', 'es');
    expect(await screen.findByText(publicDatumTexts.es.groundLevel)).toBeInTheDocument();
    expect(screen.getAllByText('Últimos 7 días')).toHaveLength(2);
    expect(screen.getByText('¿Desde dónde se miden los niveles?')).toBeInTheDocument();
  });

  it('offers the <iframe> code of each point’s widget', async () => {
    await renderAt('/public/dashboard/canal-del-norte');
    await screen.findByRole('heading', { name: 'Canal del Norte S.A.' });
    await userEvent.click(screen.getAllByRole('button', { name: 'Embed' })[0]!);
    const code = await screen.findByTestId('embed-code');
    expect(code).toHaveTextContent(
      `<iframe src="http://localhost:3000/public/dashboard/canal-del-norte/widget/${ids[0]}"`,
    );
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('says so when there is no public dashboard at the address', async () => {
    await renderAt('/public/dashboard/nobody', 'en', 404);
    expect(await screen.findByText('There is no public dashboard at this address.')).toBeInTheDocument();
  });
});

describe('embeddable widget page', () => {
  it('shows only the widget of the named point, with a link to the whole dashboard', async () => {
    await renderAt(`/public/dashboard/canal-del-norte/widget/${ids[1]}`);
    const widget = await screen.findByTestId('public-widget');
    expect(within(widget).getByTestId('river-level-widget')).toHaveAttribute('data-point-id', ids[1]);
    expect(screen.getAllByTestId('river-level-widget')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Canal del Norte S.A. public dashboard' })).toHaveAttribute(
      'href',
      '/public/dashboard/canal-del-norte',
    );
  });

  it('shows nothing of another point', async () => {
    await renderAt('/public/dashboard/canal-del-norte/widget/7d1f2c3a-0000-4000-8000-000000000099');
    expect(await screen.findByText('There is no public dashboard at this address.')).toBeInTheDocument();
    expect(screen.queryByTestId('river-level-widget')).toBeNull();
  });
});

describe('embedSnippet', () => {
  it('escapes what it puts into attributes', () => {
    expect(embedSnippet('https://a.example', 'x', 'y', 'Río "A" <b>')).toBe(
      '<iframe src="https://a.example/public/dashboard/x/widget/y" title="Río &quot;A&quot; &lt;b&gt;" width="340" height="400" style="border:0" loading="lazy"></iframe>',
    );
  });
});
