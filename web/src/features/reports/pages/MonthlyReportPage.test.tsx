import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PointSeries } from '@aforo/contracts/point-series';
import type { MonthlyReport } from '@aforo/contracts/reports';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import type * as PointsFeature from '../../points';
import { buildDaySummary, buildMonthlyReport, ebro, ebroId } from '../reports.fixture';
import { fileAnswer, renderReport } from '../report-test-utils';
import { MonthlyReportPage } from './MonthlyReportPage';

// ECharts needs a real browser: a stand-in shows what the chart was given
vi.mock('../../points', async (original) => ({
  ...(await original<typeof PointsFeature>()),
  SeriesChart: ({ series }: { series: PointSeries }) => (
    <div data-testid="chart-stand-in">
      {series.points.length} rows {series.from}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const series: PointSeries = {
  pointId: ebroId,
  port: 'ai1',
  ports: [{ key: 'ai1', label: null, type: null }],
  unit: 'm',
  from: '2026-10-24T22:00:00.000Z',
  to: '2026-10-25T23:00:00.000Z',
  bucketSeconds: 60,
  raw: true,
  measureTime: 900,
  points: [
    { ts: '2026-10-25T03:15:00.000Z', value: 1.25, min: 1.25, max: 1.25, count: 1, flag: 1 },
    { ts: '2026-10-25T14:35:00.000Z', value: 3.75, min: 3.75, max: 3.75, count: 1, flag: 1 },
  ],
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
};

const network = buildMonthlyReport({ company: null });

function api(report: MonthlyReport | Response = buildMonthlyReport()) {
  return (url: string) => {
    if (url.startsWith('/api/reports/monthly?') && url.includes('format='))
      return fileAnswer('resumen-mensual-2026-10.pdf');
    if (url.startsWith('/api/reports/monthly?'))
      return report instanceof Response ? report : Response.json(report);
    if (url.startsWith('/api/daily-summaries?'))
      return Response.json({
        rows: [
          buildDaySummary({ port: 'ai2', main: false, class: 'correct', reasons: [] }),
          buildDaySummary(),
        ],
      });
    if (url.startsWith(`/api/points/${ebroId}/series?`)) return Response.json(series);
    return undefined;
  };
}

const reportCalls = (calls: string[]) => calls.filter((u) => u.startsWith('/api/reports/monthly?'));

describe('MonthlyReportPage', () => {
  it('shows the month in Spanish: the operation % with its counts and formula, and each point', async () => {
    const { calls } = await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(),
    });
    const totals = await screen.findByTestId('operation-totals');
    expect(within(totals).getByLabelText('Porcentaje de operación')).toHaveTextContent('93,3 %');
    expect(totals).toHaveTextContent(
      '% de operación = (correctos + intermitentes) / (días − excluidos − sin transmisión) × 100',
    );
    expect(within(totals).getByTestId('operation-figures')).toHaveTextContent(
      '= (39 + 3) / (51 − 1 − 5) × 100 = 93,3 %',
    );
    expect(totals).toHaveTextContent('Sin transmisión: 5');
    expect(screen.getByText('Aguas del Norte')).toBeInTheDocument();
    expect(screen.getByText('octubre de 2026', { selector: 'p' })).toBeInTheDocument();

    const table = screen.getByRole('table', { name: 'Resumen mensual' });
    const ebroRow = within(table).getByText('Ebro en Zaragoza').closest('tr')!;
    expect(within(ebroRow).getByText('96,6 %')).toBeInTheDocument();
    // the extremes with when, on the company's clock: 03/10 04:15 UTC is 06:15 in Madrid
    expect(within(ebroRow).getByText('1,25 m').parentElement).toHaveTextContent('mín. 1,25 m · 03/10 06:15');
    expect(within(ebroRow).getByText('3,75 m').parentElement).toHaveTextContent('máx. 3,75 m · 25/10 15:35');
    expect(within(ebroRow).getByText('1,8 m').parentElement).toHaveTextContent('media 1,8 m');
    expect(within(ebroRow).getByLabelText('Correcto: 25')).toBeInTheDocument();
    expect(within(ebroRow).getByLabelText('Excluido: 1')).toBeInTheDocument();
    const strip = within(ebroRow).getByRole('group', { name: 'Días de Ebro en Zaragoza' });
    expect(strip.querySelectorAll('[data-class]')).toHaveLength(31);
    expect(
      within(strip).getByRole('button', {
        name: 'Ebro en Zaragoza, 12/10/2026: Excluido — Equipo en mantenimiento',
      }),
    ).toHaveAttribute('data-class', 'excluded');

    const rainRow = within(table).getByText('Pluviómetro Valdespartera').closest('tr')!;
    expect(within(rainRow).getByText('1234,5 mm').parentElement).toHaveTextContent('Lluvia total 1234,5 mm');
    // before the point existed: an empty outline, nothing to open
    const before = within(rainRow).getByRole('img', {
      name: 'Pluviómetro Valdespartera, 01/10/2026: Sin datos (día no terminado o punto aún no creado)',
    });
    expect(before).toHaveAttribute('data-class', 'none');
    expect(screen.getByRole('list', { name: 'Leyenda de los días' })).toHaveTextContent('Intermitente');
    // the company's view: no company column, no scope in the query
    expect(within(table).queryByText('Empresa')).not.toBeInTheDocument();
    expect(reportCalls(calls())).toEqual(['/api/reports/monthly?month=2026-10']);
  });

  it('shows the same month in English with the decimal point', async () => {
    await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      language: 'en',
      answer: api(),
    });
    const totals = await screen.findByTestId('operation-totals');
    expect(within(totals).getByLabelText('Operation percentage')).toHaveTextContent('93.3 %');
    expect(totals).toHaveTextContent(
      'operation % = (correct + intermittent) / (days − excluded − no transmission) × 100',
    );
    expect(screen.getByText('October 2026', { selector: 'p' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Monthly summary' });
    const ebroRow = within(table).getByText('Ebro en Zaragoza').closest('tr')!;
    expect(within(ebroRow).getByText('96.6 %')).toBeInTheDocument();
    expect(within(ebroRow).getByText('1.25 m')).toBeInTheDocument();
    expect(within(table).getByText('1,234.5 mm')).toBeInTheDocument();
    expect(
      within(ebroRow).getByRole('button', { name: 'Ebro en Zaragoza, 25/10/2026: Incorrect' }),
    ).toBeInTheDocument();
  });

  it("opens a day's detail from its cell: class and reason, counts, extremes, 25 hours, chart", async () => {
    const { calls, fetchSpy } = await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ebro en Zaragoza, 25/10/2026: Incorrecto' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ebro en Zaragoza: detalle del día' });
    expect(await within(drawer).findByText('Saltos ≥ 3 m: 11 (límite 11)')).toBeInTheDocument();
    expect(drawer).toHaveTextContent('dom 25/10/2026');
    expect(within(drawer).getByText('90 / 100')).toBeInTheDocument();
    expect(within(drawer).getByText('25 h')).toBeInTheDocument();
    // on Madrid's clock: 03:15 UTC is 04:15 after the change back to winter time
    expect(within(drawer).getByText('1,25 m a las 04:15')).toBeInTheDocument();
    expect(within(drawer).getByText('3,75 m a las 15:35')).toBeInTheDocument();
    expect(within(drawer).getByText('2,125 m')).toBeInTheDocument();
    // the main series first, another one to choose
    expect(within(drawer).getByRole('radio', { name: 'ai1 (principal)' })).toBeChecked();
    expect(await within(drawer).findByTestId('chart-stand-in')).toHaveTextContent('2 rows');
    expect(calls()).toContain(`/api/daily-summaries?pointId=${ebroId}&from=2026-10-25&to=2026-10-25`);
    // the day's 25 hours, from local midnight to local midnight, in the point's company
    const seriesCall = fetchSpy.mock.calls.find(([u]) =>
      String(u).startsWith(`/api/points/${ebroId}/series`),
    )!;
    expect(String(seriesCall[0])).toBe(`/api/points/${ebroId}/series?port=ai1&from=1792879200&to=1792969200`);
    expect(new Headers(seriesCall[1]!.headers).get('X-Current-Company')).toBe(ebro.companyId);
  });

  it('downloads the same query as PDF, as CSV with the Spanish marks, and as XLSX', async () => {
    const { calls } = await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(),
    });
    await screen.findByTestId('operation-totals');
    const user = userEvent.setup();
    const downloads = screen.getByRole('group', { name: 'Descargas' });
    await user.click(within(downloads).getByRole('button', { name: 'PDF' }));
    expect(await screen.findByText('Se descargó resumen-mensual-2026-10.pdf')).toBeInTheDocument();
    await user.click(within(downloads).getByRole('button', { name: 'XLSX' }));
    await user.click(within(downloads).getByRole('button', { name: 'CSV…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar a CSV o XLSX' });
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(calls().filter((u) => u.includes('format='))).toHaveLength(3));
    expect(calls().filter((u) => u.includes('format='))).toEqual([
      '/api/reports/monthly?month=2026-10&format=pdf',
      '/api/reports/monthly?month=2026-10&format=xlsx',
      '/api/reports/monthly?month=2026-10&format=csv&separator=%3B&decimal=%2C',
    ]);
  });

  it('reads the network for provider staff: the link names it, the company column shows', async () => {
    const { calls, router } = await renderReport(MonthlyReportPage, {
      path: `/app/reports/monthlySummary?month=2026-10&scope=all&companyId=${companyA}`,
      answer: api(network),
    });
    await screen.findByTestId('operation-totals');
    expect(reportCalls(calls())[0]).toBe(
      `/api/reports/monthly?month=2026-10&scope=all&companyId=${companyA}`,
    );
    expect(networkStore.getState()).toEqual({ all: true, companyFilter: companyA });
    // the report of every company names each row's
    networkStore.setCompanyFilter(null);
    await waitFor(() => expect(router.state.location.search).toBe('?month=2026-10&scope=all'));
    await waitFor(() =>
      expect(reportCalls(calls()).at(-1)).toBe('/api/reports/monthly?month=2026-10&scope=all'),
    );
    const table = screen.getByRole('table', { name: 'Resumen mensual' });
    expect(await within(table).findByText('Empresa')).toBeInTheDocument();
    expect(within(table).getByText('Aguas de Levante')).toBeInTheDocument();
  });

  it('writes the default month into the URL, and moves to the previous month', async () => {
    const { router } = await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary',
      answer: api(),
    });
    await waitFor(() => expect(router.state.location.search).toMatch(/^\?month=\d{4}-\d{2}$/));
    await act(() => router.navigate('/app/reports/monthlySummary?month=2026-01'));
    expect(await screen.findByText('enero 2026')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Mes anterior' }));
    await waitFor(() => expect(router.state.location.search).toBe('?month=2025-12'));
  });

  it('says when there are no points', async () => {
    const empty = buildMonthlyReport({ rows: [], totals: { ...buildMonthlyReport().totals, percent: null } });
    await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(empty),
    });
    expect(await screen.findByText('No hay puntos de medición que resumir.')).toBeInTheDocument();
  });

  it('says when the month has no finished day yet', async () => {
    const report = buildMonthlyReport();
    const future = buildMonthlyReport({
      period: { ...report.period, open: true },
      totals: {
        days: 0,
        correct: 0,
        intermittent: 0,
        incorrect: 0,
        noTransmission: 0,
        excluded: 0,
        percent: null,
      },
      rows: report.rows.map((r) => ({ ...r, days: r.days.map((d) => ({ ...d, class: null })) })),
    });
    await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(future),
      language: 'en',
    });
    expect(await screen.findByText('No data yet')).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
    expect(
      screen.getByText('No days to count yet: the percentage cannot be worked out.'),
    ).toBeInTheDocument();
  });

  it("shows the server's error in the interface language, with a retry", async () => {
    const failure = Response.json(
      { code: 'DR1002', message: 'El usuario no tiene ninguna empresa asignada.' },
      { status: 409 },
    );
    await renderReport(MonthlyReportPage, {
      path: '/app/reports/monthlySummary?month=2026-10',
      answer: api(failure),
    });
    const alert = (await screen.findByText('No se pudo cargar el informe')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(alert).toHaveTextContent('No se pudo cargar el informe');
    expect(alert).toHaveTextContent('El usuario no tiene ninguna empresa asignada.');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
