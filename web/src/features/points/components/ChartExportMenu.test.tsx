import { Notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { ChartExportMenu } from './ChartExportMenu';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
});

const range = { from: Date.parse('2026-11-17T10:00:00Z'), to: Date.parse('2026-11-24T10:00:00Z') };

async function setUp(language: 'es' | 'en', response: Response) {
  const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchSpy);
  const saved: string[] = [];
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  renderWithProviders(
    <>
      <Notifications />
      <ChartExportMenu pointId="p1" port="ai1" range={range} disabled={false} />
    </>,
  );
  return { fetchSpy, saved };
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('ChartExportMenu', () => {
  it("downloads the server's XLSX of the chart's port and range under the server's file name", async () => {
    const { fetchSpy, saved } = await setUp(
      'es',
      new Response(new Uint8Array([0x50, 0x4b]), {
        headers: {
          'content-type': xlsxType,
          'content-disposition': 'attachment; filename="Rio_ai1_2026-11-17_2026-11-24.xlsx"',
        },
      }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Exportar' }));
    await user.click(await screen.findByRole('menuitem', { name: 'XLSX' }));
    await waitFor(() => expect(saved).toEqual(['Rio_ai1_2026-11-17_2026-11-24.xlsx']));
    expect(fetchSpy.mock.calls[0]![0]).toBe(
      '/api/points/p1/series/export?port=ai1&from=1794909600&to=1795514400&format=xlsx',
    );
    expect(new Headers(fetchSpy.mock.calls[0]![1]?.headers).get('x-current-company')).toBe(companyA);
  });

  it('asks for an English CSV with `,` and `.`, and says why when the server refuses', async () => {
    const refusal = { code: 'DR1003', message: 'The range is too long.' };
    const { fetchSpy, saved } = await setUp(
      'en',
      new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]![0])).toContain('format=csv&separator=%2C&decimal=.');
    expect(saved).toEqual([]);
  });
});
