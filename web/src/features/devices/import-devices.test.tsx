import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceImportResult } from '@aforo/contracts/devices';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { companyA } from '../../test/fixtures';
import { renderWithProviders } from '../../test/render';
import { ImportDevicesModal } from './components/ImportDevicesModal';

const csv = 'serial;model;product\nIMP-1;PLS-C;PRS\nIMP-2;NOPE;PRS';

const withErrors: DeviceImportResult = {
  valid: false,
  imported: 0,
  total: 2,
  errors: [{ line: 3, serial: 'IMP-2', field: 'model', message: 'No se encontró el modelo.' }],
};

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function openModal(result: DeviceImportResult) {
  const fetchMock = vi.fn(async () => Response.json(result));
  vi.stubGlobal('fetch', fetchMock);
  sessionStore.setLanguage('es');
  await act(() => i18n.changeLanguage('es'));
  sessionStore.signIn('token', companyA);
  renderWithProviders(<ImportDevicesModal onClose={vi.fn()} />);
  const dialog = await screen.findByRole('dialog', { name: 'Importar equipos desde CSV' });
  await userEvent.click(within(dialog).getByLabelText('Contenido CSV'));
  await userEvent.paste(csv);
  return { dialog, fetchMock };
}

describe('import devices modal', () => {
  it('shows the bad rows of a check and keeps Import disabled', async () => {
    const { dialog, fetchMock } = await openModal(withErrors);
    const importButton = within(dialog).getByRole('button', { name: 'Importar' });
    expect(importButton).toBeDisabled();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Comprobar' }));
    const table = await within(dialog).findByRole('table', { name: 'Filas con errores' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(2);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', 'IMP-2', 'Modelo', 'No se encontró el modelo.']);
    expect(
      within(dialog).getByText('No se ha importado nada: corrija las filas con errores'),
    ).toBeInTheDocument();
    expect(importButton).toBeDisabled();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/devices/import');
    expect(JSON.parse(init.body as string)).toEqual({ csv, dryRun: true });
  });

  it('enables Import only after a valid check of the same content', async () => {
    const { dialog } = await openModal({ valid: true, imported: 0, total: 2, errors: [] });
    const importButton = within(dialog).getByRole('button', { name: 'Importar' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Comprobar' }));
    expect(await within(dialog).findByText('2 filas correctas')).toBeInTheDocument();
    expect(importButton).toBeEnabled();

    await userEvent.type(within(dialog).getByLabelText('Contenido CSV'), 'x');
    expect(importButton).toBeDisabled();
  });
});
