import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Company } from '@aforo/contracts/companies';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { renderWithProviders } from '../../../test/render';
import { CompanyFormModal } from './CompanyFormModal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function renderForm(company: Company | null = null) {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        posts.push(JSON.parse(String(init.body)));
        return json(company);
      }
      if (init?.method === 'POST') {
        posts.push(JSON.parse(String(init.body)));
        return json(
          { code: 'CO1007', message: 'Another company already uses this public dashboard address.' },
          409,
        );
      }
      return json({ rows: [], total: 0 });
    }),
  );
  sessionStore.setLanguage('en');
  await act(() => i18n.changeLanguage('en'));
  renderWithProviders(<CompanyFormModal company={company} onClose={vi.fn()} />);
  return posts;
}

describe('company form: public dashboard address', () => {
  it('refuses a malformed slug before sending, and puts a taken one (409 CO1007) on the field', async () => {
    const posts = await renderForm();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: /Business name/ }), 'Aguas del Turia');
    const slug = screen.getByRole('textbox', { name: 'Public dashboard address' });
    await user.type(slug, 'Dos--Guiones');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/Use 3 to 60 lower-case letters/)).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(slug);
    await user.type(slug, 'turia');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Another company already uses this public dashboard address.'),
    ).toBeInTheDocument();
    expect(posts).toEqual([expect.objectContaining({ businessName: 'Aguas del Turia', slug: 'turia' })]);
  });
});

const riegos: Company = {
  id: '33333333-3333-4333-8333-333333333333',
  businessName: 'Riegos del Ebro',
  slug: 'riegos-del-ebro',
  isProvider: false,
  preferredTimezone: 'Europe/Madrid',
  contactName: null,
  position: null,
  email: null,
  phone: null,
  country: null,
  billingPlan: null,
  users: 0,
  measureRetentionMonths: 24,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
};

describe('company form: measure retention', () => {
  it('shows the months kept, refuses fewer than 3 before sending, and sends empty as kept for ever', async () => {
    const puts = await renderForm(riegos);
    const user = userEvent.setup();
    const months = await screen.findByRole('textbox', { name: 'Measures kept (months)' });
    expect(months).toHaveValue('24');

    await user.clear(months);
    await user.type(months, '2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This must be at least 3')).toBeInTheDocument();
    expect(puts).toHaveLength(0);

    await user.clear(months);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ businessName: 'Riegos del Ebro', measureRetentionMonths: null });
  });

  it('sends the months typed', async () => {
    const puts = await renderForm({ ...riegos, measureRetentionMonths: null });
    const user = userEvent.setup();
    const months = await screen.findByRole('textbox', { name: 'Measures kept (months)' });
    expect(months).toHaveValue('');
    expect(months).toHaveAttribute('placeholder', 'Kept for ever');
    await user.type(months, '36');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({ measureRetentionMonths: 36 });
  });
});
