import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@aforo/contracts/errors';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { wallClock } from '../../../lib/time';
import { companyA } from '../../../test/fixtures';
import { buildClosure, buildRevision, chief, closureId, pdfSha, viewer } from '../closures.fixture';
import { fileAnswer, renderReport } from '../report-test-utils';
import { shiftMonth } from '../report-period';
import { ClosuresPage } from './ClosuresPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const revisions = `/api/reports/closures/${closureId}/revisions`;

function api(close?: (body: unknown) => Response) {
  return (url: string, init?: RequestInit) => {
    if (url.startsWith('/api/reports/closures?')) return Response.json({ rows: [buildClosure()] });
    if (url === '/api/reports/closures' && init?.method === 'POST' && close)
      return close(JSON.parse(String(init.body)));
    if (url.startsWith(`${revisions}/2?format=`)) return fileAnswer('informe-mensual-2026-10-r2.pdf');
    if (url === `${revisions}/2`) return Response.json(buildRevision());
    if (url === `/api/reports/closures/${closureId}/deliveries`)
      return Response.json({
        rows: [
          {
            revision: 1,
            recipient: { id: companyA, name: 'Jon Etxeberria', email: 'jon@norte.example' },
            language: 'en',
            files: 'attached',
            status: 'sent',
            attempts: 1,
            error: null,
            createdAt: '2026-11-02T09:05:00.000Z',
            sentAt: '2026-11-02T09:06:00.000Z',
          },
        ],
      });
    return undefined;
  };
}

/** The month before this one on Madrid's clock: the latest a month can be closed for. */
function previousMonth(): string {
  const c = wallClock(Date.now(), 'Europe/Madrid');
  return shiftMonth(`${c.year}-${String(c.month).padStart(2, '0')}`, -1);
}

describe('ClosuresPage', () => {
  it('lists the closed months in Spanish: who closed, the current revision, its % and files', async () => {
    const { calls } = await renderReport(ClosuresPage, {
      path: '/app/reports/closures',
      user: viewer,
      answer: api(),
    });
    const table = await screen.findByRole('table', { name: 'Meses cerrados' });
    const row = (await within(table).findByText('octubre de 2026')).closest('tr')!;
    expect(row).toHaveTextContent('Aguas del Norte');
    // closed on the company's clock (Madrid: 09:05 UTC is 10:05), 24-hour, day first
    expect(within(row).getByText('02/11/2026, 10:05')).toBeInTheDocument();
    expect(within(row).getByText('por Marta Gil')).toBeInTheDocument();
    expect(within(row).getByText('Revisión 2')).toBeInTheDocument();
    expect(within(row).getByText('03/11/2026, 02:15 · Cifras recalculadas')).toBeInTheDocument();
    expect(within(row).getByText('1 día cambiado')).toBeInTheDocument();
    expect(within(row).getByText('95,5 %')).toBeInTheDocument();
    expect(within(row).getByLabelText('Excluido: 2')).toBeInTheDocument();
    const sha = within(row).getByText(`${'b'.repeat(8)}…${'b'.repeat(8)}`);
    expect(sha).toHaveAttribute('title', 'b'.repeat(64));
    expect(within(row).getByText('48,3 kB')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Copiar el SHA-256 completo del PDF' }),
    ).toBeInTheDocument();
    // the company's closures only; a viewer does not close months
    expect(calls()).toContain(`/api/reports/closures?companyId=${companyA}`);
    expect(screen.queryByRole('button', { name: 'Cerrar mes' })).not.toBeInTheDocument();

    await userEvent.click(within(row).getByRole('button', { name: 'PDF de la revisión 2' }));
    expect(await screen.findByText('Se descargó informe-mensual-2026-10-r2.pdf')).toBeInTheDocument();
    expect(calls()).toContain(`${revisions}/2?format=pdf`);
  });

  it('lists them in English with the decimal point', async () => {
    await renderReport(ClosuresPage, {
      path: '/app/reports/closures',
      language: 'en',
      user: viewer,
      answer: api(),
    });
    const table = await screen.findByRole('table', { name: 'Closed months' });
    const row = (await within(table).findByText('October 2026')).closest('tr')!;
    expect(within(row).getByText('by Marta Gil')).toBeInTheDocument();
    expect(within(row).getByText('Revision 2')).toBeInTheDocument();
    expect(within(row).getByText('03/11/2026, 02:15 · Figures recomputed')).toBeInTheDocument();
    expect(within(row).getByText('1 day changed')).toBeInTheDocument();
    expect(within(row).getByText('95.5 %')).toBeInTheDocument();
    expect(within(row).getByText('48.3 kB')).toBeInTheDocument();
    expect(
      within(row).getByRole('button', { name: 'Revisions of Aguas del Norte, October 2026' }),
    ).toHaveTextContent('Revisions (2)');
  });

  it('opens a closure from the URL: every revision with its files, and a revision’s changes', async () => {
    const { router } = await renderReport(ClosuresPage, {
      path: `/app/reports/closures?closure=${closureId}&revision=2`,
      user: viewer,
      answer: api(),
    });
    const drawer = await screen.findByRole('dialog', { name: 'Aguas del Norte · octubre de 2026' });
    expect(drawer).toHaveTextContent('Cerrado el 02/11/2026, 10:05 por Marta Gil');
    const [second, first] = within(drawer).getAllByTestId(/^revision-/);
    expect(second).toHaveTextContent('Revisión 2');
    // the job's (or a comparison's) revision names nobody
    expect(within(second!).getByText('03/11/2026, 02:15 · Cifras recalculadas')).toBeInTheDocument();
    expect(first).toHaveTextContent('Revisión 1');
    expect(first).toHaveTextContent('02/11/2026, 10:05 · Al cerrar por Marta Gil');
    expect(within(first!).getByText(`SHA-256 a1b2c3d4…6d7e8f90`)).toHaveAttribute('data-sha256', pdfSha);
    // a viewer does not compare the month now
    expect(within(drawer).queryByRole('button', { name: 'Comparar ahora' })).not.toBeInTheDocument();
    const changes = await within(drawer).findByRole('table', { name: 'Cambios de la revisión 2' });
    const change = within(changes).getByText('Ebro en Zaragoza').closest('tr')!;
    expect(change).toHaveTextContent('25/10/2026');
    expect(change).toHaveTextContent('Incorrecto→Excluido');
    expect(change).toHaveTextContent('90 → 90');
    expect(change).toHaveTextContent('96,6 % → 100 %');
    // to whom each revision was mailed
    const mails = within(drawer).getByRole('table', { name: 'Envíos del mes cerrado' });
    expect(within(mails).getByText('Jon Etxeberria · EN')).toBeInTheDocument();
    expect(mails).toHaveTextContent('Adjuntos');
    expect(mails).toHaveTextContent('Enviado');
    expect(mails).toHaveTextContent('el 02/11/2026, 10:06');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Ocultar los cambios' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?closure=${closureId}`));
  });

  it('closes the previous month of the current company, and shows RP1001 in the server’s words', async () => {
    const sent: unknown[] = [];
    await renderReport(ClosuresPage, {
      path: '/app/reports/closures',
      user: chief,
      answer: api((body) => {
        sent.push(body);
        return Response.json({ code: 'RP1001', message: errorMessage('RP1001', 'es') }, { status: 409 });
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar mes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar un mes' });
    expect(within(dialog).getByRole('combobox', { name: 'Empresa' })).toHaveValue('Aguas del Norte');
    expect(dialog).toHaveTextContent('Las cifras del mes quedarán congeladas');
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y congelar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Este mes ya está cerrado para la empresa.',
    );
    expect(sent).toEqual([{ companyId: companyA, month: previousMonth() }]);
  });

  it('opens the new closure once the month is closed', async () => {
    const closed = buildClosure({ id: '0c000000-0000-4000-8000-0000000000ff', month: previousMonth() });
    const { router } = await renderReport(ClosuresPage, {
      path: '/app/reports/closures',
      user: chief,
      answer: api(() => Response.json(closed, { status: 201 })),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cerrar mes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cerrar un mes' });
    await user.click(within(dialog).getByRole('button', { name: 'Cerrar y congelar' }));
    expect(
      await screen.findByText(/^Mes cerrado: .+, Aguas del Norte \(revisión 1\)\.$/),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(`?closure=${closed.id}`));
  });
});
