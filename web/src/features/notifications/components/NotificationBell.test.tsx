import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@aforo/contracts/notifications';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { alertPointId, companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { NotificationBell } from './NotificationBell';

function notification(overrides: Partial<Notification>): Notification {
  return {
    id: '88888888-8888-4888-8888-888888888801',
    kind: 'firing',
    alertId: '66666666-6666-4666-8666-666666666666',
    pointId: alertPointId,
    pointName: 'Ebro en Zaragoza',
    type: 'DANGER',
    level: 'DANGER',
    title: 'Danger at Ebro en Zaragoza',
    body: '5.4 m at 10:05',
    alerts: [],
    createdAt: '2026-03-01T10:05:00.000Z',
    readAt: null,
    ...overrides,
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderBell() {
  let unread = 2;
  let rows = [
    notification({}),
    notification({
      id: '88888888-8888-4888-8888-888888888802',
      title: 'No transmission at Arga',
      level: 'NO_TRANSMISSION',
    }),
    notification({
      id: '88888888-8888-4888-8888-888888888803',
      title: 'Cleared at Ebro',
      kind: 'resolved',
      readAt: '2026-03-01T11:00:00.000Z',
    }),
  ];
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/api/notifications?')) return Response.json({ rows, total: rows.length, unread });
    const read = /^\/api\/notifications\/([^/]+)\/read$/.exec(url);
    if (read && init?.method === 'POST') {
      rows = rows.map((r) => (r.id === read[1] ? { ...r, readAt: '2026-03-01T12:00:00.000Z' } : r));
      unread -= 1;
      return Response.json({ ok: true });
    }
    if (url === '/api/notifications/read-all' && init?.method === 'POST') {
      rows = rows.map((r) => ({ ...r, readAt: r.readAt ?? '2026-03-01T12:00:00.000Z' }));
      unread = 0;
      return Response.json({ ok: true });
    }
    return Response.json({ code: 'N1000', message: 'Not found' }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  sessionStore.signIn('token', companyA);
  const rendered = renderWithProviders(<NotificationBell />, {
    path: '/app',
    routes: [
      { path: '/app', element: <NotificationBell /> },
      { path: '/app/operation/alerts/:id', element: <p>alert detail</p> },
    ],
  });
  return { ...rendered, fetchSpy };
}

describe('NotificationBell', () => {
  it('shows the unread count and the newest notifications, unread ones marked', async () => {
    await renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications: 2 unread' });
    expect(screen.getByTestId('bell-unread')).toHaveTextContent('2');
    await userEvent.click(bell);
    const panel = await screen.findByRole('dialog');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByRole('button')).toHaveAttribute('data-unread', 'true');
    expect(within(items[2]!).getByRole('button')).not.toHaveAttribute('data-unread');
  });

  it('marks one read on click and opens its alert', async () => {
    const { fetchSpy, router } = await renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByText('Danger at Ebro en Zaragoza'));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        '/app/operation/alerts/66666666-6666-4666-8666-666666666666',
      ),
    );
    expect(
      fetchSpy.mock.calls.some(
        ([input, init]) =>
          String(input) === '/api/notifications/88888888-8888-4888-8888-888888888801/read' &&
          init?.method === 'POST',
      ),
    ).toBe(true);
  });

  it('marks all read and the count goes away', async () => {
    const { fetchSpy } = await renderBell();
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications: 2 unread' }));
    const panel = await screen.findByRole('dialog');
    await userEvent.click(within(panel).getByRole('button', { name: 'Mark all as read' }));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(fetchSpy.mock.calls.some(([input]) => String(input) === '/api/notifications/read-all')).toBe(true);
    expect(
      within(panel)
        .queryAllByRole('button')
        .filter((b) => b.dataset.unread),
    ).toHaveLength(0);
  });
});
