import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

async function renderForm() {
  const posts: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
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
  renderWithProviders(<CompanyFormModal company={null} onClose={vi.fn()} />);
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
