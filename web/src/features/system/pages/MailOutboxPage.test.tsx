import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Mail } from '@aforo/contracts/mail-outbox';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { MailOutboxPage } from './MailOutboxPage';

const mails: Mail[] = [
  {
    id: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c01',
    to: 'ana@test.dev',
    subject: 'Activate your Aforo account',
    text: 'Set your password with this link:\n\nhttps://aforo.example/activate/user/[redacted]\n\nAforo',
    status: 'sent',
    error: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    sentAt: '2026-03-01T10:00:01.000Z',
  },
];

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderOutbox(language: 'en' | 'es', path = '/') {
  sessionStore.setLanguage(language);
  await act(() => i18n.changeLanguage(language));
  sessionStore.signIn('token', companyA);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const one = mails.find((mail) => String(input).includes(mail.id));
      return Response.json(one ?? { rows: mails, total: mails.length });
    }),
  );
  renderWithProviders(<MailOutboxPage />, { path });
}

describe('MailOutboxPage', () => {
  it('says the outbox carries the links only without SMTP, in both languages', async () => {
    await renderOutbox('en');
    expect(await screen.findByTestId('outbox-links-note')).toHaveTextContent(
      /Without a mail server \(SMTP_URL unset\).*links are removed.*once it is sent/,
    );
    cleanup();
    await renderOutbox('es');
    expect(await screen.findByTestId('outbox-links-note')).toHaveTextContent(/Sin servidor de correo/);
  });

  it('shows a link whose token was removed as plain text, not as a link', async () => {
    await renderOutbox('en', `/?mail=${mails[0]!.id}`);
    const text = await screen.findByTestId('mail-text');
    expect(text).toHaveTextContent('https://aforo.example/activate/user/[redacted]');
    expect(within(text).queryByRole('link')).not.toBeInTheDocument();
  });
});
