import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlertDetail } from '@aforo/contracts/alerts';
import type { Language } from '@aforo/contracts/constants';
import type { PointSeries } from '@aforo/contracts/point-series';
import type { CurrentUser } from '@aforo/contracts/users';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import {
  alertPointId,
  buildAlert,
  buildCompanyUser,
  buildCurrentUser,
  companyA,
  companyB,
} from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import type * as PointsFeature from '../../points';
import { AlertDetailPage } from './AlertDetailPage';

// ECharts needs a real browser (e2e/specs/alert-detail.spec.ts draws it): a stand-in shows what it got
vi.mock('../../points', async (original) => ({
  ...(await original<typeof PointsFeature>()),
  SeriesChart: ({ series, alertAreas }: { series: PointSeries; alertAreas?: { label: string }[] }) => (
    <div data-testid="chart-stand-in">
      {series.points.length} rows · {alertAreas?.map((a) => a.label).join(', ')}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const id = '66666666-6666-4666-8666-666666666666';
const ana = { id: '99999999-9999-4999-8999-999999999999', name: 'Ana Pérez' };

/** A DANGER that opened with 5.2 m, repeated, was acknowledged, shelved and cleared with 4.1 m. */
function clearedDetail(): AlertDetail {
  return {
    ...buildAlert({
      state: 'cleared',
      active: false,
      clearedAt: '2026-03-01T11:00:00.000Z',
      clearedValue: 4.1,
      acknowledgedAt: '2026-03-01T10:10:00.000Z',
      acknowledgedBy: ana,
      acknowledgeComment: 'Brigada avisada',
    }),
    timeline: [
      {
        kind: 'opened',
        at: '2026-03-01T10:00:00.000Z',
        value: 5.2,
        count: null,
        by: null,
        text: null,
        until: null,
      },
      {
        kind: 'repeated',
        at: '2026-03-01T10:05:00.000Z',
        value: 5.4,
        count: 2,
        by: null,
        text: null,
        until: null,
      },
      {
        kind: 'acknowledged',
        at: '2026-03-01T10:10:00.000Z',
        value: null,
        count: null,
        by: ana,
        text: 'Brigada avisada',
        until: null,
      },
      {
        kind: 'shelved',
        at: '2026-03-01T10:20:00.000Z',
        value: null,
        count: null,
        by: ana,
        text: 'Obras en el cauce',
        until: '2026-03-01T14:00:00.000Z',
      },
      {
        kind: 'cleared',
        at: '2026-03-01T11:00:00.000Z',
        value: 4.1,
        count: null,
        by: null,
        text: null,
        until: null,
      },
    ],
    notifications: [
      notification('in_app', 'sent', 'Ana Pérez'),
      notification('email', 'failed', 'Ana Pérez'),
      notification('webhook', 'sent', null),
    ],
  };
}

function notification(
  channel: AlertDetail['notifications'][number]['channel'],
  status: AlertDetail['notifications'][number]['status'],
  recipient: string | null,
): AlertDetail['notifications'][number] {
  return {
    id: `aaaaaaaa-aaaa-4aaa-8aaa-${channel === 'in_app' ? '000000000001' : channel === 'email' ? '000000000002' : '000000000003'}`,
    kind: 'firing',
    configName: 'Guardia',
    channel,
    recipient,
    status,
    holdReason: null,
    attempts: status === 'failed' ? 5 : 1,
    lastError: null,
    notBefore: null,
    createdAt: '2026-03-01T10:00:01.000Z',
    sentAt: status === 'sent' ? '2026-03-01T10:00:02.000Z' : null,
  };
}

const series: PointSeries = {
  pointId: alertPointId,
  port: 'ai1',
  ports: [{ key: 'ai1', label: null, type: null }],
  unit: 'm',
  from: '2026-03-01T04:00:00.000Z',
  to: '2026-03-01T17:00:00.000Z',
  bucketSeconds: 60,
  raw: true,
  measureTime: 900,
  points: [
    { ts: '2026-03-01T09:45:00.000Z', value: 4.8, min: 4.8, max: 4.8, count: 1, flag: 1 },
    { ts: '2026-03-01T10:00:00.000Z', value: 5.2, min: 5.2, max: 5.2, count: 1, flag: 1 },
  ],
  thresholds: {
    warningValue: 4,
    alertValue: 5,
    warningUpper: null,
    warningLower: null,
    alertUpper: null,
    alertLower: null,
  },
  groundLevel: null,
  invertLevel: null,
};

async function renderDetail(language: Language, user: CurrentUser, detail: AlertDetail = clearedDetail()) {
  let current = detail;
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith(`/api/alerts/${id}/acknowledge`) && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { comment: string | null };
      current = {
        ...current,
        state: 'acknowledged',
        acknowledgedAt: '2026-03-01T10:30:00.000Z',
        acknowledgedBy: ana,
        acknowledgeComment: body.comment,
      };
      current.timeline = [
        ...current.timeline,
        {
          kind: 'acknowledged',
          at: '2026-03-01T10:30:00.000Z',
          value: null,
          count: null,
          by: ana,
          text: body.comment,
          until: null,
        },
      ];
      const { timeline: _t, notifications: _n, ...alert } = current;
      return Response.json(alert);
    }
    if (url.startsWith(`/api/alerts/${id}`)) return Response.json(current);
    if (url.startsWith(`/api/points/${alertPointId}/series?`)) return Response.json(series);
    return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), user);
  const rendered = renderWithProviders(<AlertDetailPage />, {
    path: `/app/operation/alerts/${id}`,
    queryClient,
    routes: [{ path: '/app/operation/alerts/:id', element: <AlertDetailPage /> }],
  });
  return { ...rendered, fetchSpy };
}

const calls = (spy: ReturnType<typeof vi.fn>, prefix: string) =>
  spy.mock.calls.filter(([input]) => String(input).startsWith(prefix));

describe('AlertDetailPage', () => {
  it('tells the alert’s life in Spanish: values with a decimal comma, who did what, every notification', async () => {
    const { fetchSpy } = await renderDetail('es', buildCompanyUser(['ROLE_USER']));
    expect(await screen.findByRole('heading', { name: 'Peligro en Ebro en Zaragoza' })).toBeInTheDocument();
    const timeline = screen.getByLabelText('Historia');
    expect(within(timeline).getByText('Abierta con 5,2 m')).toBeInTheDocument();
    expect(
      within(timeline).getByText('Repetida: 2 muestras fuera de umbral; la última, 5,4 m'),
    ).toBeInTheDocument();
    expect(within(timeline).getByText('Reconocida por Ana Pérez')).toBeInTheDocument();
    expect(within(timeline).getByText('“Brigada avisada”')).toBeInTheDocument();
    // on the company's clock (Madrid), 24-hour
    expect(
      within(timeline).getByText(/^Silenciada por Ana Pérez hasta 0?1\/0?3\/(20)?26,? 15:00$/),
    ).toBeInTheDocument();
    expect(within(timeline).getByText('Motivo: Obras en el cauce')).toBeInTheDocument();
    expect(within(timeline).getByText('Resuelta con 4,1 m')).toBeInTheDocument();

    const sent = screen.getByRole('table', { name: 'Notificaciones enviadas' });
    const row = (channel: string) => sent.querySelector<HTMLElement>(`tr[data-channel="${channel}"]`)!;
    expect(row('in_app')).toHaveTextContent('En la aplicación');
    expect(row('in_app')).toHaveTextContent('Enviada');
    expect(row('email')).toHaveTextContent('Fallida');
    expect(row('email')).toHaveTextContent('5 intentos');
    expect(row('webhook')).toHaveTextContent('Webhook (dirección visible para los administradores)');

    // the series around it, asked in the alert's company, with the alert's band
    expect(await screen.findByTestId('chart-stand-in')).toHaveTextContent('2 rows · Peligro (Peligro)');
    const [seriesCall] = calls(fetchSpy, `/api/points/${alertPointId}/series?`);
    expect(String(seriesCall![0])).toContain('port=ai1');
    expect(new Headers(seriesCall![1]!.headers).get('X-Current-Company')).toBe(companyA);
    expect(screen.getByRole('link', { name: 'Ver en el gráfico del punto' })).toHaveAttribute(
      'href',
      expect.stringMatching(
        new RegExp(`^/app/operation/points/${alertPointId}\\?range=custom&from=.*&port=ai1$`),
      ),
    );
    // a viewer reads, and may not act
    expect(screen.queryByRole('button', { name: 'Reconocer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Silenciar' })).not.toBeInTheDocument();
  });

  it('lets an operator acknowledge an open alert from its detail, in English', async () => {
    const open: AlertDetail = {
      ...buildAlert(),
      timeline: [
        {
          kind: 'opened',
          at: '2026-03-01T10:00:00.000Z',
          value: 5.2,
          count: null,
          by: null,
          text: null,
          until: null,
        },
      ],
      notifications: [],
    };
    const { fetchSpy } = await renderDetail('en', buildCompanyUser(['ROLE_CHIEF_CLIENTE']), open);
    expect(await screen.findByRole('heading', { name: 'Danger at Ebro en Zaragoza' })).toBeInTheDocument();
    expect(screen.getByText('Opened with 5.2 m')).toBeInTheDocument();
    expect(screen.getByText(/No notification has been sent for this alert/)).toBeInTheDocument();
    expect(screen.getByTestId('alert-state')).toHaveTextContent('Open');
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Crew on site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [post] = calls(fetchSpy, `/api/alerts/${id}/acknowledge`);
    expect(JSON.parse(String(post![1]!.body))).toEqual({ comment: 'Crew on site' });
    // the detail is read again: the timeline has the acknowledgement
    expect(await screen.findByText('Acknowledged by Ana Pérez')).toBeInTheDocument();
    expect(screen.getByText('“Crew on site”')).toBeInTheDocument();
    expect(screen.getByTestId('alert-state')).toHaveTextContent('Acknowledged');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).not.toBeInTheDocument();
  });

  it('asks for any company’s alert as provider staff (scope=all), and the series in the alert’s company', async () => {
    const provider = buildCurrentUser({ isGlobal: true, roles: ['ROLE_ADMIN'] });
    const other = { ...clearedDetail(), companyId: companyB, companyName: 'Riegos del Cinca' };
    const { fetchSpy } = await renderDetail('en', provider, other);
    expect(await screen.findByText('Riegos del Cinca')).toBeInTheDocument();
    expect(String(calls(fetchSpy, `/api/alerts/${id}`)[0]![0])).toBe(`/api/alerts/${id}?scope=all`);
    await screen.findByTestId('chart-stand-in');
    const [seriesCall] = calls(fetchSpy, `/api/points/${alertPointId}/series?`);
    expect(new Headers(seriesCall![1]!.headers).get('X-Current-Company')).toBe(companyB);
    // the point's own chart is in the selected company: no link to another company's point page there
    expect(screen.queryByRole('link', { name: "Open in the point's chart" })).not.toBeInTheDocument();
  });
});
