import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MonthlyReport } from '@aforo/contracts/reports';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import type * as PointsFeature from '../../points';
import {
  buildClosure,
  buildExclusion,
  chief,
  closureId,
  exclusionId,
  marta,
  viewer,
} from '../closures.fixture';
import { renderReport } from '../report-test-utils';
import { buildDaySummary, buildMonthlyReport, ebroId } from '../reports.fixture';
import { MonthlyReportPage } from './MonthlyReportPage';

// ECharts needs a real browser
vi.mock('../../points', async (original) => ({
  ...(await original<typeof PointsFeature>()),
  SeriesChart: () => <div data-testid="chart-stand-in" />,
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const closed = buildMonthlyReport({
  closure: {
    closureId,
    closedAt: '2026-11-02T09:05:00.000Z',
    closedBy: marta,
    revision: 2,
    revisedAt: '2026-11-03T01:15:00.000Z',
  },
});

type Call = { url: string; init?: RequestInit };

function api(report: MonthlyReport, calls: Call[] = []) {
  return (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/reports/monthly?')) return Response.json(report);
    if (url === '/api/reports/closures' && init?.method === 'POST')
      return Response.json(buildClosure(), { status: 201 });
    if (url.startsWith('/api/reports/exclusions?')) return Response.json({ rows: [buildExclusion()] });
    if (url === '/api/reports/exclusions' && init?.method === 'POST')
      return Response.json(buildExclusion({ id: '0e000000-0000-4000-8000-0000000000aa' }), { status: 201 });
    if (url === `/api/reports/exclusions/${exclusionId}` && init?.method === 'DELETE')
      return Response.json(buildExclusion({ status: 'withdrawn' }));
    if (url.startsWith('/api/daily-summaries?')) return Response.json({ rows: [buildDaySummary()] });
    return undefined;
  };
}

const path = '/app/reports/monthlySummary?month=2026-10';

describe('a closed month on the monthly screen', () => {
  it('says it is the frozen version, closed when and by whom, with a link to the closure', async () => {
    await renderReport(MonthlyReportPage, { path, user: chief, answer: api(closed) });
    const banner = await screen.findByTestId('closed-banner');
    expect(banner).toHaveTextContent('Versión congelada');
    expect(banner).toHaveTextContent('Mes cerrado el 02/11/2026, 10:05 por Marta Gil · revisión 2');
    expect(within(banner).getByRole('link', { name: 'Ver el cierre' })).toHaveAttribute(
      'href',
      `/app/reports/closures?closure=${closureId}`,
    );
    // closed already: nothing to close
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).not.toBeInTheDocument();
  });

  it('says it in English, and keeps the network view in the link', async () => {
    await renderReport(MonthlyReportPage, {
      path: `${path}&scope=all&companyId=${companyA}`,
      language: 'en',
      user: viewer,
      answer: api(closed),
    });
    const banner = await screen.findByTestId('closed-banner');
    expect(banner).toHaveTextContent('Closed on 02/11/2026, 10:05 by Marta Gil · revision 2');
    expect(within(banner).getByRole('link', { name: 'View the closure' })).toHaveAttribute(
      'href',
      `/app/reports/closures?scope=all&companyId=${companyA}&closure=${closureId}`,
    );
  });

  it('offers ADMIN and CHIEF to close an ended month of the company it shows', async () => {
    const calls: Call[] = [];
    await renderReport(MonthlyReportPage, { path, user: chief, answer: api(buildMonthlyReport(), calls) });
    expect(screen.queryByTestId('closed-banner')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar mes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar un mes' });
    expect(dialog).toHaveTextContent('Aguas del Norte · octubre de 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y congelar' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({ companyId: companyA, month: '2026-10' });
  });

  it('offers no close to a viewer, nor for a month still in progress', async () => {
    await renderReport(MonthlyReportPage, { path, user: viewer, answer: api(buildMonthlyReport()) });
    await screen.findByTestId('operation-totals');
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).not.toBeInTheDocument();
    cleanup();
    const report = buildMonthlyReport();
    await renderReport(MonthlyReportPage, {
      path,
      user: chief,
      answer: api({ ...report, period: { ...report.period, open: true } }),
    });
    await screen.findByTestId('operation-totals');
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).not.toBeInTheDocument();
  });
});

describe('agreed exclusions from the day detail', () => {
  it('lists those touching the day, excludes the day by agreement, and withdraws one', async () => {
    const calls: Call[] = [];
    await renderReport(MonthlyReportPage, { path, user: chief, answer: api(buildMonthlyReport(), calls) });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Ebro en Zaragoza, 25/10/2026: Incorrecto' }));
    const drawer = await screen.findByRole('dialog', { name: 'Ebro en Zaragoza: detalle del día' });
    const listed = await within(drawer).findByTestId('exclusion');
    expect(listed).toHaveTextContent('Inundación');
    expect(listed).toHaveTextContent('Pendiente');
    expect(listed).toHaveTextContent('del 24/10/2026 al 26/10/2026');
    expect(listed).toHaveTextContent('Referencia del justificante: Parte 2026/311');
    const listCall = calls.find((c) => c.url.startsWith('/api/reports/exclusions?'))!;
    expect(listCall.url).toBe(`/api/reports/exclusions?pointId=${ebroId}&from=2026-10-25&to=2026-10-25`);
    expect(new Headers(listCall.init!.headers).get('X-Current-Company')).toBe(companyA);

    await user.click(within(drawer).getByRole('button', { name: 'Excluir por acuerdo' }));
    const form = await screen.findByRole('dialog', { name: 'Excluir por acuerdo con el cliente' });
    expect(form).toHaveTextContent('Punto: Ebro en Zaragoza');
    await user.click(within(form).getByRole('combobox', { name: 'Causa' }));
    await user.click(await screen.findByRole('option', { name: 'Vandalismo' }));
    await user.click(within(form).getByRole('textbox', { name: 'Comentario' }));
    await user.paste('Cable cortado');
    await user.click(within(form).getByRole('textbox', { name: 'Referencia del justificante' }));
    await user.paste('Denuncia 42');
    await user.click(within(form).getByRole('button', { name: 'Excluir por acuerdo' }));
    expect(await screen.findByText('Exclusión guardada.')).toBeInTheDocument();
    const post = calls.find((c) => c.url === '/api/reports/exclusions' && c.init?.method === 'POST')!;
    expect(JSON.parse(String(post.init!.body))).toEqual({
      pointId: ebroId,
      kind: 'exclusion',
      from: '2026-10-25',
      to: '2026-10-25',
      cause: 'vandalism',
      comment: 'Cable cortado',
      attachmentRef: 'Denuncia 42',
    });
    expect(new Headers(post.init!.headers).get('X-Current-Company')).toBe(companyA);

    await user.click(within(listed).getByRole('button', { name: 'Retirar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Retirar: Exclusión · Inundación' });
    expect(confirm).toHaveTextContent(
      'Ebro en Zaragoza, del 24/10/2026 al 26/10/2026: sus días volverán a contar',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Retirar' }));
    await waitFor(() => expect(calls.some((c) => c.init?.method === 'DELETE')).toBe(true));
    expect(calls.find((c) => c.init?.method === 'DELETE')!.url).toBe(
      `/api/reports/exclusions/${exclusionId}`,
    );
  });

  it('shows a viewer the exclusions of the day, but no way to change them', async () => {
    await renderReport(MonthlyReportPage, { path, user: viewer, answer: api(buildMonthlyReport()) });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ebro en Zaragoza, 25/10/2026: Incorrecto' }),
    );
    const drawer = await screen.findByRole('dialog', { name: 'Ebro en Zaragoza: detalle del día' });
    expect(await within(drawer).findByTestId('exclusion')).toHaveTextContent('Pendiente');
    expect(within(drawer).queryByRole('button', { name: 'Excluir por acuerdo' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Anotar' })).not.toBeInTheDocument();
    expect(within(drawer).queryByRole('button', { name: 'Retirar' })).not.toBeInTheDocument();
  });
});
