import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { buildLevelReport } from '../reports.fixture';
import { fileAnswer, renderReport } from '../report-test-utils';
import { LevelReportPage } from './LevelReportPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const api = (url: string) => {
  if (url.startsWith('/api/reports/level?') && url.includes('format=')) return fileAnswer('niveles.zip');
  if (url.startsWith('/api/reports/level?')) return Response.json(buildLevelReport());
  return undefined;
};

const listCalls = (calls: string[]) =>
  calls.filter((u) => u.startsWith('/api/reports/level?') && !u.includes('format='));

describe('LevelReportPage', () => {
  it("lists each point's daily minimum, maximum and mean in Spanish", async () => {
    const { calls } = await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary?from=2026-10-01&to=2026-10-03',
      answer: api,
    });
    expect(await screen.findByText('mín. 1,25 m · máx. 3,5 m · media 2,375 m')).toBeInTheDocument();
    expect(screen.getByText('del 01/10/2026 al 03/10/2026')).toBeInTheDocument();
    const days = screen.getByRole('table', { name: 'Niveles diarios de Ebro en Zaragoza' });
    const second = within(days).getByText('vie 02/10/2026').closest('tr')!;
    expect(second).toHaveTextContent('2,25 m3,5 m2,875 m96');
    expect(within(days).getByText('sáb 03/10/2026').closest('tr')).toHaveTextContent('———');
    expect(listCalls(calls())).toEqual(['/api/reports/level?from=2026-10-01&to=2026-10-03']);
  });

  it('lists the same in English', async () => {
    await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary?from=2026-10-01&to=2026-10-03',
      answer: api,
      language: 'en',
    });
    expect(await screen.findByText('min 1.25 m · max 3.5 m · mean 2.375 m')).toBeInTheDocument();
    const days = screen.getByRole('table', { name: 'Daily levels of Ebro en Zaragoza' });
    expect(within(days).getByText('Fri 02/10/2026').closest('tr')).toHaveTextContent('2.25 m3.5 m2.875 m96');
  });

  it('says a list over two months is refused, without asking, and still downloads the ZIP', async () => {
    const { calls } = await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary?from=2026-01-01&to=2026-06-30',
      answer: api,
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
    );
    expect(alert).toHaveTextContent('Las descargas sí admiten hasta un año.');
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('group', { name: 'Descargas' })).getByRole('button', {
        name: 'ZIP: CSV diario + resumen XLSX',
      }),
    );
    await waitFor(() => expect(calls()).toHaveLength(1));
    expect(calls()).toEqual(['/api/reports/level?from=2026-01-01&to=2026-06-30&format=zip']);
    expect(listCalls(calls())).toEqual([]);
  });

  it('says so in English, and turns the downloads off past a year', async () => {
    const { calls } = await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary?from=2025-01-01&to=2026-06-30',
      answer: api,
      language: 'en',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The level summary date range cannot be longer than two months.',
    );
    const downloads = screen.getByRole('group', { name: 'Downloads' });
    expect(within(downloads).getByRole('button', { name: 'ZIP: daily CSV + summary XLSX' })).toBeDisabled();
    expect(within(downloads).getByRole('button', { name: 'PDF' })).toBeDisabled();
    expect(calls()).toEqual([]);
  });

  it("shows the server's DR1001 message when it refuses the range itself", async () => {
    const refusal = {
      code: 'DR1001',
      message: 'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
    };
    await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary?from=2026-10-01&to=2026-10-03',
      answer: () => Response.json(refusal, { status: 400 }),
    });
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
  });

  it('writes the last 30 finished days into the URL by default', async () => {
    const { router } = await renderReport(LevelReportPage, {
      path: '/app/reports/levelSummary',
      answer: api,
    });
    await waitFor(() =>
      expect(router.state.location.search).toMatch(/^\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/),
    );
    const search = new URLSearchParams(router.state.location.search);
    const span = (Date.parse(search.get('to')!) - Date.parse(search.get('from')!)) / 86_400_000 + 1;
    expect(span).toBe(30);
  });
});
