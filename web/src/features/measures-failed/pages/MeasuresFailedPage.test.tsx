import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '@aforo/contracts/constants';
import { failureDetailTemplates } from '@aforo/contracts/failed-measure-details';
import type { FailedMeasure } from '@aforo/contracts/failed-measures';
import { resources } from '../../../locales';
import { currentUserQueryKey } from '../../../lib/current-user';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildCurrentUser, companyA } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { MeasuresFailedPage } from './MeasuresFailedPage';

function row(overrides: Partial<FailedMeasure>): FailedMeasure {
  return {
    id: crypto.randomUUID(),
    receivedAt: '2026-03-01T10:00:00.000Z',
    topic: 'aforo/v1/PLS/AFR-1009/up',
    serial: 'AFR-1009',
    reason: 'invalid payload',
    detail: null,
    detailCode: null,
    detailParams: {},
    measureIndex: null,
    ...overrides,
  };
}

const rows: FailedMeasure[] = [
  row({
    reason: 'model not expected',
    detail: 'device AFR-1009 is registered as model PLS-C, not ARC-1',
    detailCode: 'modelNotExpected',
    detailParams: { serial: 'AFR-1009', registered: 'PLS-C', received: 'ARC-1' },
  }),
  row({
    reason: 'duplicated measure',
    detail: 'msg_seq 4711: ai1 at 2026-03-01T09:15:00.000Z is already stored',
    detailCode: 'alreadyStored',
    detailParams: { port: 'ai1', at: '2026-03-01T09:15:00.000Z', msgSeq: '4711' },
    measureIndex: 0,
  }),
  row({
    detail: 'message of 300000 bytes, over the limit of 262144',
    detailCode: 'tooLarge',
    detailParams: { bytes: '300000', max: '262144' },
  }),
  // an older row's free text: shown as it was stored
  row({ reason: 'invalid date', detail: 'measure 0: t is not a date' }),
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

async function renderPage(language: Language) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/measures-failed?')
        ? json({ rows, total: rows.length })
        : new Response(JSON.stringify({ code: 'N1000', message: 'Not found' }), { status: 404 }),
    ),
  );
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserQueryKey(companyA), buildCurrentUser());
  const path = '/app/administration/measures-failed';
  renderWithProviders(<MeasuresFailedPage />, {
    path,
    queryClient,
    routes: [{ path, element: <MeasuresFailedPage /> }],
  });
  return screen.findByRole('table');
}

describe('refused measures', () => {
  it('say why in Spanish, with the company’s clock and Spanish numbers; the topic column in Spanish', async () => {
    const table = await renderPage('es');
    expect(
      await within(table).findByText('El equipo AFR-1009 está registrado como modelo PLS-C, no ARC-1'),
    ).toBeInTheDocument();
    expect(
      within(table).getByText('Mensaje 4711: ai1 del 01/03/2026, 10:15:00 ya estaba guardada'),
    ).toBeInTheDocument();
    expect(
      within(table).getByText('Mensaje de 300.000 bytes, por encima del límite de 262.144'),
    ).toBeInTheDocument();
    expect(within(table).getByText('measure 0: t is not a date')).toBeInTheDocument();
    expect(within(table).getByText('Modelo no esperado')).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'Tema MQTT' })).toBeInTheDocument();
    expect(within(table).queryByText(/registered as model/)).not.toBeInTheDocument();
  });

  it('say why in English', async () => {
    const table = await renderPage('en');
    expect(
      await within(table).findByText('Device AFR-1009 is registered as model PLS-C, not ARC-1'),
    ).toBeInTheDocument();
    expect(
      within(table).getByText('Message 4711: ai1 at 01/03/2026, 10:15:00 is already stored'),
    ).toBeInTheDocument();
    expect(
      within(table).getByText('Message of 300,000 bytes, over the limit of 262,144'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: 'MQTT topic' })).toBeInTheDocument();
  });

  it('have a text for every detail code in Spanish and English', () => {
    const codes = [...Object.keys(failureDetailTemplates), 'invalidFields', 'withMsgSeq'];
    for (const language of ['es', 'en'] as const) {
      const texts = (resources[language].translation.telemetry as { failureDetails: Record<string, string> })
        .failureDetails;
      expect(
        codes.filter((code) => typeof texts[code] !== 'string'),
        language,
      ).toEqual([]);
    }
  });
});
