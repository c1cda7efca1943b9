import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { buildAlert, companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { AcknowledgeModal } from './AcknowledgeModal';
import { ShelveModal } from './ShelveModal';

const alert = buildAlert();
const other = '77777777-7777-4777-8777-777777777777';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

/** Answers the alert calls; `reject` makes the single-alert calls fail with a field error. */
async function stubApi({ reject = false }: { reject?: boolean } = {}) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (!url.startsWith('/api/alerts/'))
      return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
    if (reject)
      return Response.json(
        { code: 'V1000', message: 'Invalid', fields: { reason: 'Too short for the server' } },
        { status: 400 },
      );
    if (url === '/api/alerts/acknowledge' || url === '/api/alerts/shelve')
      return Response.json({ changed: 1, skipped: 1 });
    return Response.json(alert);
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  return fetchSpy;
}

const posted = (spy: ReturnType<typeof vi.fn>, url: string) => {
  const call = spy.mock.calls.find(([input]) => String(input) === url);
  return call ? (JSON.parse(String((call[1] as RequestInit).body)) as unknown) : undefined;
};

describe('the alert action modals (one frame: hint, one call or the bulk call, errors)', () => {
  it('acknowledges one alert with its own call, then closes and reports done', async () => {
    const fetchSpy = await stubApi();
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderWithProviders(<AcknowledgeModal ids={[alert.id]} onClose={onClose} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await userEvent.type(within(dialog).getByLabelText('Comment'), 'Crew on site');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    expect(onDone).toHaveBeenCalledOnce();
    expect(posted(fetchSpy, `/api/alerts/${alert.id}/acknowledge`)).toEqual({ comment: 'Crew on site' });
    expect(posted(fetchSpy, '/api/alerts/acknowledge')).toBeUndefined();
  });

  it('shelves several alerts with the bulk call and a trimmed reason', async () => {
    const fetchSpy = await stubApi();
    const onClose = vi.fn();
    renderWithProviders(<ShelveModal ids={[alert.id, other]} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Shelve 2 alerts' });
    expect(dialog).toHaveTextContent('at most 30 days');
    await userEvent.type(within(dialog).getByLabelText(/Reason/), '  Works on the weir  ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Shelve' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
    const body = posted(fetchSpy, '/api/alerts/shelve') as { ids: string[]; reason: string; until: string };
    expect(body.ids).toEqual([alert.id, other]);
    expect(body.reason).toBe('Works on the weir');
    expect(Date.parse(body.until)).toBeGreaterThan(Date.now());
  });

  it('puts a server field error on its field and stays open', async () => {
    await stubApi({ reject: true });
    const onClose = vi.fn();
    const onDone = vi.fn();
    renderWithProviders(<ShelveModal ids={[alert.id]} onClose={onClose} onDone={onDone} />);
    const dialog = await screen.findByRole('dialog', { name: 'Shelve the alert' });
    await userEvent.type(within(dialog).getByLabelText(/Reason/), 'Works');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Shelve' }));
    expect(await within(dialog).findByText('Too short for the server')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });
});
