import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import type { LogEntry } from '@aforo/contracts/log-entries';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildCurrentUser, buildRoleList, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { HistoryChangesPage } from './HistoryChangesPage';

const pointId = '71111111-1111-4111-8111-111111111111';
const alertId = '72222222-2222-4222-8222-222222222222';
const layerId = '73333333-3333-4333-8333-333333333333';
const incidentId = '74444444-4444-4444-8444-444444444444';

function entry(overrides: Partial<LogEntry>): LogEntry {
  return {
    id: crypto.randomUUID(),
    at: '2026-03-01T10:00:00.000Z',
    user: null,
    companyId: companyA,
    entityType: 'point',
    entityId: pointId,
    entityName: null,
    action: 'update',
    changes: {},
    names: {},
    ...overrides,
  };
}

const entries: LogEntry[] = [
  entry({
    entityType: 'alert',
    entityId: alertId,
    entityName: 'Azud de Norte',
    action: 'alert_open',
    changes: {
      type: [null, 'PARTIAL_FLAT'],
      value: [null, 1.1980000000000004],
      at: [null, '2026-03-01T09:45:00.000Z'],
      late: [null, true],
    },
  }),
  entry({
    entityName: 'Azud de Norte',
    changes: { alertValue: [5.2, 6.5], companyId: [null, companyA] },
    names: { [companyA]: 'Canal del Norte S.A.' },
  }),
  entry({
    entityType: 'layer',
    entityId: layerId,
    entityName: 'Presas',
    changes: { pointIds: [[], [pointId]] },
    names: { [pointId]: 'Azud de Norte' },
  }),
  entry({
    entityType: 'incident',
    entityId: incidentId,
    action: 'incident_start',
    changes: { kind: [null, 'mass_silence'], silent: [null, 1234] },
  }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function renderHistory(language: Language) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.startsWith('/api/log-entries?')) return json({ rows: entries, total: entries.length });
      if (url.startsWith('/api/roles')) return json({ rows: buildRoleList(), total: 0 });
      return new Response(JSON.stringify({ code: 'N1000', message: 'Not found' }), { status: 404 });
    }),
  );
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCurrentUser());
  renderWithProviders(<HistoryChangesPage />, {
    path: '/app/history-changes/history-changes',
    queryClient,
    routes: [{ path: '/app/history-changes/history-changes', element: <HistoryChangesPage /> }],
  });
  return screen.findByRole('table', { name: language === 'es' ? 'Historial de cambios' : 'Change history' });
}

describe('the history of changes', () => {
  it('reads in Spanish: names, translated fields and codes, decimal commas, the 24-hour clock', async () => {
    const table = await renderHistory('es');
    expect(await within(table).findByText('Tipo de alerta')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /Azud de Norte/ }).length).toBe(2);
    expect(within(table).getByText('Plano parcial')).toBeInTheDocument();
    expect(within(table).getByText('1,198')).toBeInTheDocument();
    expect(within(table).getByText('Hora de la medida')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2026, 10:45')).toBeInTheDocument();
    expect(within(table).getByText('Medida llegada con retraso')).toBeInTheDocument();
    expect(within(table).getByText('Sí')).toBeInTheDocument();
    // a point's field by its form's label, ids by name
    expect(within(table).getByText('Nivel de peligro')).toBeInTheDocument();
    expect(within(table).getByText('5,2')).toBeInTheDocument();
    expect(within(table).getByText('6,5')).toBeInTheDocument();
    expect(within(table).getByText('Canal del Norte S.A.')).toBeInTheDocument();
    expect(within(table).getByText('Puntos de medición')).toBeInTheDocument();
    expect(within(table).getAllByText('Azud de Norte').length).toBeGreaterThan(0);
    // an incident: its kind translated, its number grouped; nameless, so the id's start
    expect(within(table).getByText('Muchos puntos callados a la vez')).toBeInTheDocument();
    expect(within(table).getByText('1234')).toBeInTheDocument();
    expect(within(table).getByText('74444444…')).toBeInTheDocument();
    for (const raw of ['PARTIAL_FLAT', 'mass_silence', 'type', 'late', 'at', 'value', '1.198', pointId]) {
      expect(within(table).queryByText(raw), raw).not.toBeInTheDocument();
    }
  });

  it('reads in English with decimal points and English labels', async () => {
    const table = await renderHistory('en');
    expect(await within(table).findByText('Alert type')).toBeInTheDocument();
    expect(within(table).getByText(/^Partial flat$/i)).toBeInTheDocument();
    expect(within(table).getByText('1.198')).toBeInTheDocument();
    expect(within(table).getByText('Measured at')).toBeInTheDocument();
    expect(within(table).getByText('01/03/2026, 10:45')).toBeInTheDocument();
    expect(within(table).getByText('Danger level')).toBeInTheDocument();
    expect(within(table).getByText('5.2')).toBeInTheDocument();
    expect(within(table).getByText('Many points silent at once')).toBeInTheDocument();
    expect(within(table).getByText('1,234')).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /Azud de Norte/ }).length).toBe(2);
    expect(within(table).getByRole('button', { name: /Presas/ })).toBeInTheDocument();
  });
});
