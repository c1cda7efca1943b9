import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { buildQuarterlyReport } from '../reports.fixture';
import { fileAnswer, renderReport } from '../report-test-utils';
import { QuarterlyReportPage } from './QuarterlyReportPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const api = (url: string) => {
  if (url.startsWith('/api/reports/quarterly?') && url.includes('format='))
    return fileAnswer('resumen-trimestral-2026-T3.xlsx');
  if (url.startsWith('/api/reports/quarterly?')) return Response.json(buildQuarterlyReport());
  return undefined;
};

const path = '/app/reports/quarterlySummary?quarter=2026-Q3';

describe('QuarterlyReportPage', () => {
  it("shows each month's operation % and the quarter's averages in Spanish", async () => {
    const { calls } = await renderReport(QuarterlyReportPage, { path, answer: api });
    const totals = await screen.findByTestId('operation-totals');
    expect(within(totals).getByLabelText('Porcentaje de operación')).toHaveTextContent('97,7 %');
    expect(totals).toHaveTextContent('1 punto · T3 2026');
    const table = screen.getByRole('table', { name: 'Resumen trimestral' });
    for (const title of [
      '% jul 2026',
      '% ago 2026',
      '% sept 2026',
      'Media % mensual',
      'Medias del trimestre',
    ])
      expect(within(table).getByText(title)).toBeInTheDocument();
    const row = within(table).getByText('Ebro en Zaragoza').closest('tr')!;
    expect(within(row).getByText('100 %')).toBeInTheDocument();
    expect(within(row).getByText('92,5 %')).toBeInTheDocument();
    expect(within(row).getByText('96,3 %')).toBeInTheDocument();
    expect(within(row).getByText('1,125 m').parentElement).toHaveTextContent('mín. 1,125 m');
    expect(within(row).getByText('2,75 m').parentElement).toHaveTextContent('máx. 2,75 m');
    expect(calls().filter((u) => u.startsWith('/api/reports/'))).toEqual([
      '/api/reports/quarterly?quarter=2026-Q3',
    ]);
  });

  it('shows the quarter in English', async () => {
    await renderReport(QuarterlyReportPage, { path, answer: api, language: 'en' });
    const totals = await screen.findByTestId('operation-totals');
    expect(within(totals).getByLabelText('Operation percentage')).toHaveTextContent('97.7 %');
    const table = screen.getByRole('table', { name: 'Quarterly summary' });
    expect(within(table).getByText('% Sept 2026')).toBeInTheDocument();
    expect(within(table).getByText('92.5 %')).toBeInTheDocument();
    expect(within(table).getByText('1.125 m')).toBeInTheDocument();
    expect(screen.getAllByText('Q3 2026').length).toBeGreaterThan(0);
  });

  it('moves to the next quarter and downloads the same query', async () => {
    const { calls, router } = await renderReport(QuarterlyReportPage, { path, answer: api });
    await screen.findByTestId('operation-totals');
    const user = userEvent.setup();
    await user.click(
      within(screen.getByRole('group', { name: 'Descargas' })).getByRole('button', { name: 'XLSX' }),
    );
    expect(await screen.findByText('Se descargó resumen-trimestral-2026-T3.xlsx')).toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'Descargas' })).getByRole('button', { name: 'PDF' }),
    );
    await user.click(screen.getByRole('button', { name: 'Trimestre siguiente' }));
    await waitFor(() => expect(router.state.location.search).toBe('?quarter=2026-Q4'));
    await waitFor(() => expect(calls()).toContain('/api/reports/quarterly?quarter=2026-Q4'));
    expect(calls().filter((u) => u.includes('format='))).toEqual([
      '/api/reports/quarterly?quarter=2026-Q3&format=xlsx',
      '/api/reports/quarterly?quarter=2026-Q3&format=pdf',
    ]);
  });
});
