import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { RestorePasswordPage } from './RestorePasswordPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function renderRestore(path: string, fetchImpl: (url: string, init?: RequestInit) => Response) {
  const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
    fetchImpl(String(input), init),
  );
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  const rendered = renderWithProviders(<RestorePasswordPage />, {
    path,
    routes: [
      { path: '/restore-password', element: <RestorePasswordPage /> },
      { path: '/confirm-restore-password', element: <p>confirmed</p> },
    ],
  });
  return { ...rendered, fetchSpy };
}

describe('RestorePasswordPage', () => {
  it('without a token asks for the email and always gives the same answer', async () => {
    const { fetchSpy } = await renderRestore('/restore-password', () => answer(200, { ok: true }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'Ana@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for ana@example.com');
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(String(url)).toBe('/public/request/restore/password');
    expect(init?.body).toBe(JSON.stringify({ email: 'ana@example.com' }));
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('with the mailed token sets the new password and goes on to the confirmation', async () => {
    const token = 'abcdefghijklmnopqrstuvwxyz012345';
    const { fetchSpy, router } = await renderRestore(`/restore-password?token=${token}`, () =>
      answer(200, { ok: true }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('confirmed')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/confirm-restore-password');
    expect(fetchSpy.mock.calls[0]?.[1]?.body).toBe(
      JSON.stringify({ token, password: 'a-new-password-1', confirmPassword: 'a-new-password-1' }),
    );
  });

  it('explains an expired link and offers a new one', async () => {
    await renderRestore('/restore-password?token=abcdefghijklmnopqrstuvwxyz012345', () =>
      answer(400, {
        code: 'U1010',
        message: 'The password could not be restored because the link is invalid or has expired.',
      }),
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^New password/), 'a-new-password-1');
    await user.type(screen.getByLabelText(/^Repeat the new password/), 'a-new-password-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('the link is invalid or has expired');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/restore-password',
    );
  });
});
