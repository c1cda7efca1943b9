import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { networkStore } from '../../../lib/network-scope';
import { sessionStore } from '../../../lib/session';
import { buildClosure, buildExclusion, chief, clientAdmin, exclusionId, marta } from '../closures.fixture';
import { renderReport } from '../report-test-utils';
import { ExclusionsPage } from './ExclusionsPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  sessionStore.reload(null);
  networkStore.reload(null);
});

const note = buildExclusion({
  id: '0e000000-0000-4000-8000-0000000000bb',
  kind: 'note',
  cause: 'works',
  from: '2026-10-12',
  to: '2026-10-12',
  comment: 'Obras en el puente',
  attachmentRef: null,
  status: 'accepted',
  reviewedBy: { id: '0d000000-0000-4000-8000-0000000000ee', name: 'Lucía Martín' },
  reviewedAt: '2026-11-04T10:00:00.000Z',
  reviewComment: 'De acuerdo',
});

type Call = { url: string; init?: RequestInit };

function api(calls: Call[]) {
  return (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    if (url.startsWith('/api/reports/exclusions') && (init?.method ?? 'GET') === 'GET')
      return Response.json({ rows: [buildExclusion(), note] });
    if (url === `/api/reports/exclusions/${exclusionId}/review`)
      return Response.json(buildExclusion({ status: 'disputed', reviewedBy: marta }));
    if (url.startsWith('/api/reports/closures')) return Response.json({ rows: [buildClosure()] });
    return undefined;
  };
}

describe('ExclusionsPage', () => {
  it("lets the client's admin dispute an exclusion with a comment", async () => {
    const calls: Call[] = [];
    await renderReport(ExclusionsPage, {
      path: '/app/reports/exclusions',
      user: clientAdmin,
      answer: api(calls),
    });
    expect(await screen.findByText(/Acepte o dispute cada exclusión con un comentario/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Exclusiones acordadas' });
    const row = (await within(table).findByText('del 24/10/2026 al 26/10/2026')).closest('tr')!;
    expect(row).toHaveTextContent('Ebro en Zaragoza');
    expect(row).toHaveTextContent('Inundación');
    expect(row).toHaveTextContent('Pendiente');
    expect(row).toHaveTextContent('Registrada por Marta Gil el 03/11/2026, 09:30');
    const accepted = within(table).getByText('12/10/2026').closest('tr')!;
    expect(accepted).toHaveTextContent('Nota');
    expect(accepted).toHaveTextContent('Aceptada');
    expect(within(accepted).getByText('por Lucía Martín el 04/11/2026, 11:00')).toBeInTheDocument();
    expect(accepted).toHaveTextContent('De acuerdo');
    // accepted already: it may still be disputed, not accepted again
    expect(within(accepted).queryByRole('button', { name: 'Aceptar' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Retirar' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Disputar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disputar la exclusión' });
    expect(dialog).toHaveTextContent(
      'Ebro en Zaragoza, del 24/10/2026 al 26/10/2026: sus días volverán a contar',
    );
    await user.click(within(dialog).getByRole('textbox', { name: 'Comentario para el proveedor' }));
    await user.paste('El sensor funcionaba: hay datos del 25.');
    await user.click(within(dialog).getByRole('button', { name: 'Disputar' }));
    expect(await screen.findByText('Exclusión disputada.')).toBeInTheDocument();
    const review = calls.find((c) => c.init?.method === 'POST')!;
    expect(review.url).toBe(`/api/reports/exclusions/${exclusionId}/review`);
    expect(JSON.parse(String(review.init!.body))).toEqual({
      decision: 'disputed',
      comment: 'El sensor funcionaba: hay datos del 25.',
    });
    // the list is asked again after the review
    await waitFor(() => expect(calls.filter((c) => c.url === '/api/reports/exclusions').length).toBe(2));
  });

  it('shows provider staff the same list in English, with withdraw and no review', async () => {
    const calls: Call[] = [];
    await renderReport(ExclusionsPage, {
      path: '/app/reports/exclusions?status=pending',
      language: 'en',
      user: chief,
      answer: api(calls),
    });
    const table = await screen.findByRole('table', { name: 'Agreed exclusions' });
    const row = (await within(table).findByText('from 24/10/2026 to 26/10/2026')).closest('tr')!;
    expect(row).toHaveTextContent('Flood');
    expect(within(row).getByRole('button', { name: 'Withdraw' })).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Dispute' })).not.toBeInTheDocument();
    // the status filter of the URL: the accepted note is not listed
    expect(within(table).queryByText('12/10/2026')).not.toBeInTheDocument();
  });
});
