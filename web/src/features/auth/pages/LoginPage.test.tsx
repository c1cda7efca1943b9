import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderLogin(language: 'es' | 'en') {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  return renderWithProviders(<LoginPage />, { path: '/login' });
}

describe('LoginPage', () => {
  it('renders the form with forgot-password and sign-up links, in Spanish by default', async () => {
    await renderLogin('es');
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText(/Correo electrónico/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '¿Ha olvidado su contraseña?' })).toHaveAttribute(
      'href',
      '/restore-password',
    );
    expect(screen.getByRole('link', { name: 'Solicite el alta' }).getAttribute('href')).toMatch(
      /^mailto:ventas@aforo\.dev\?subject=/,
    );
  });

  it('shows the required-field message on empty submit without calling the server', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await renderLogin('en');
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('This is a required field')).toHaveLength(2);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("shows the server's translated message when the credentials are wrong", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ code: 'PU1010', message: 'Unauthorized: the email or password is incorrect.' }),
            {
              status: 401,
              headers: { 'Content-Type': 'application/json' },
            },
          ),
      ),
    );
    await renderLogin('en');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Unauthorized: the email or password is incorrect.',
    );
    expect(sessionStore.getState().token).toBeNull();
  });
});
