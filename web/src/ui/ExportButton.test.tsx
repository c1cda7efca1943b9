import { Notifications } from '@mantine/notifications';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserQueryKey } from '../lib/current-user';
import { i18n } from '../lib/i18n';
import { sessionStore } from '../lib/session';
import { buildCurrentUser, companyA } from '../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { ExportButton } from './ExportButton';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
});

async function setUp(response: Response, language: 'es' | 'en' = 'en') {
  const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => response);
  vi.stubGlobal('fetch', fetchSpy);
  const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:x');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  return { fetchSpy, created };
}

/** The button with the toasts' host, for a signed-in user of company A (times on its clock). */
function renderButton(button: ReactElement) {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCurrentUser());
  return renderWithProviders(
    <>
      <Notifications />
      {button}
    </>,
    { queryClient },
  );
}

describe('ExportButton', () => {
  it('exports the given filters with the default separator and no frequency choice', async () => {
    const { fetchSpy, created } = await setUp(new Response('id\r\n'));
    renderButton(
      <ExportButton
        path="/events/export"
        params={{
          search: '',
          type: 'ERROR',
          deviceId: undefined,
          from: '2026-01-01T00:00:00.000Z',
          dir: 'ASC',
        }}
      />,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to CSV' });
    expect(within(dialog).queryByRole('combobox', { name: 'Frequency' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetchSpy.mock.calls[0]![0]).toBe(
      '/api/events/export?type=ERROR&from=2026-01-01T00%3A00%3A00.000Z&dir=ASC&separator=%2C',
    );
    // no name from the server: a generic one
    expect(await screen.findByText('export.csv was downloaded')).toBeInTheDocument();
  });

  it('offers XLSX and the decimal mark where asked, starting as Spanish spreadsheets expect a CSV', async () => {
    const xlsx = new Response(new Uint8Array([0x50, 0x4b]), {
      headers: { 'content-disposition': 'attachment; filename="measures.xlsx"' },
    });
    const { fetchSpy, created } = await setUp(xlsx, 'es');
    renderButton(<ExportButton path="/measures/export" params={{ pointId: 'p' }} spreadsheet />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Exportar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Exportar a CSV o XLSX' });
    expect(within(dialog).getByRole('combobox', { name: 'Separador de columnas' })).toHaveValue(
      'Punto y coma (;) — Excel con coma decimal',
    );
    expect(within(dialog).getByRole('combobox', { name: 'Separador decimal' })).toHaveValue('Coma (1,5)');
    await user.click(within(dialog).getByText('XLSX (Excel)'));
    // a spreadsheet file has no separator or decimal mark to choose
    expect(within(dialog).queryByRole('combobox', { name: 'Separador de columnas' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Separador decimal' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Descargar' }));
    await waitFor(() => expect(created).toHaveBeenCalled());
    expect(fetchSpy.mock.calls[0]![0]).toBe('/api/measures/export?pointId=p&format=xlsx');
    expect(await screen.findByText('Se descargó measures.xlsx')).toBeInTheDocument();
  });

  it("keeps the dialog open and shows the server's message when the export is refused", async () => {
    const refusal = { code: 'DR1000', message: 'The date range cannot be longer than one year.' };
    const { created } = await setUp(
      new Response(JSON.stringify(refusal), { status: 400, headers: { 'content-type': 'application/json' } }),
    );
    renderButton(<ExportButton path="/measures/export" params={{ pointId: 'p' }} withFrequency />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to CSV' });
    await user.click(within(dialog).getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(refusal.message)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Export to CSV' })).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
  });

  it('is off, saying why, while the filters cannot be exported', async () => {
    await setUp(new Response(''));
    renderButton(<ExportButton path="/measures/export" params={{}} disabledReason="Choose a point" />);
    expect(await screen.findByRole('button', { name: 'Export' })).toBeDisabled();
  });
});
