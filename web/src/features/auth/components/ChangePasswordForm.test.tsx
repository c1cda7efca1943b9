import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { ChangePasswordForm } from './ChangePasswordForm';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const userId = '66666666-6666-4666-8666-666666666666';

describe('ChangePasswordForm', () => {
  it('keeps the session: the new token of the answer replaces the one the change ended', async () => {
    sessionStore.signIn('token-before-the-change', null);
    sessionStore.setLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    const fetchSpy = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ ok: true, token: 'token-of-the-new-session' }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const onChanged = vi.fn();
    renderWithProviders(<ChangePasswordForm userId={userId} onChanged={onChanged} />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Current password/), 'the-old-password');
    await user.type(screen.getByLabelText(/^New password/), 'a-brand-new-password');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: /Change password/ }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(`/api/users/${userId}/update/password`);
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('Authorization')).toBe(
      'Bearer token-before-the-change',
    );
    expect(sessionStore.getState().token).toBe('token-of-the-new-session');
  });
});
