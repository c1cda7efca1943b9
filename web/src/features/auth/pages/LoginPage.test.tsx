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

  it.each([
    ['en', 'Email', 'Password', 'Sign in', 'The email or password is incorrect.'],
    [
      'es',
      'Correo electrónico',
      'Contraseña',
      'Entrar',
      'El correo electrónico o la contraseña no son correctos.',
    ],
  ] as const)(
    '%s: wrong credentials read as a plain sentence, without the "Unauthorized:" prefix',
    async (language, email, password, submit, expected) => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json(
            {
              code: 'PU1010',
              message: 'No autorizado: el correo electrónico o la contraseña son incorrectos.',
            },
            { status: 401 },
          ),
        ),
      );
      await renderLogin(language);
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText(new RegExp(`^${email}`)), 'ana@example.com');
      await user.type(screen.getByLabelText(new RegExp(`^${password}`)), 'wrong-password');
      await user.click(screen.getByRole('button', { name: submit }));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(expected);
      expect(alert).not.toHaveTextContent(/autorizado|unauthorized/i);
      expect(sessionStore.getState().token).toBeNull();
    },
  );

  it("other errors keep the server's translated message", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { code: 'L1000', message: 'Too many requests, please try again in a minute.' },
          { status: 429 },
        ),
      ),
    );
    await renderLogin('en');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ana@example.com');
    await user.type(screen.getByLabelText(/Password/), 'some-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests, please try again in a minute.',
    );
  });
});
