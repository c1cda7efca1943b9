import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RoleItem } from '@aforo/contracts/roles';
import { i18n } from '../../../lib/i18n';
import { sessionStore } from '../../../lib/session';
import { companyA } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { RoleBadges } from './RoleBadges';
import { RoleCheckboxes } from './RoleCheckboxes';

/** A list only the server could have sent: names and order differ from any built-in copy. */
const served: RoleItem[] = [
  { id: 'ROLE_SPECTATOR', name: 'ROLE_SPECTATOR', label: 'Pantalla pública', scope: 'company', order: 1 },
  { id: 'ROLE_USER', name: 'ROLE_USER', label: 'Lector', scope: 'company', order: 2 },
  { id: 'ROLE_ADMIN', name: 'ROLE_ADMIN', label: 'Jefe de plataforma', scope: 'global', order: 3 },
  { id: 'ROLE_ADMIN_CLIENTE', name: 'ROLE_ADMIN_CLIENTE', label: 'Gestor', scope: 'company', order: 4 },
  { id: 'ROLE_CHANGE_PASSWORD', name: 'ROLE_CHANGE_PASSWORD', label: 'Cambio', scope: 'system', order: 5 },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

async function renderRoles(answers: Array<() => Promise<Response>>) {
  const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => {
    const next = answers.shift();
    if (!next) throw new Error('unexpected call');
    return next();
  });
  vi.stubGlobal('fetch', fetchSpy);
  sessionStore.setLanguage('es');
  await act(() => i18n.changeLanguage('es'));
  sessionStore.signIn('token', companyA);
  const onChange = vi.fn();
  renderWithProviders(
    <>
      <RoleCheckboxes label="Roles" scope="company" value={['ROLE_USER']} onChange={onChange} />
      <RoleBadges roles={['ROLE_ADMIN', 'ROLE_USER']} />
    </>,
  );
  return { fetchSpy, onChange };
}

describe('roles from GET /api/roles', () => {
  it('offers the company roles the server lists, in its order and with its names', async () => {
    const { fetchSpy, onChange } = await renderRoles([async () => json({ rows: served, total: 5 })]);
    const group = await screen.findByRole('group', { name: /Roles/ });
    const labels = within(group)
      .getAllByRole('checkbox')
      .map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
    expect(labels).toEqual(['Pantalla pública', 'Lector', 'Gestor']);
    expect(within(group).getByLabelText('Lector')).toBeChecked();
    await userEvent.click(within(group).getByLabelText('Gestor'));
    expect(onChange).toHaveBeenCalledWith(['ROLE_USER', 'ROLE_ADMIN_CLIENTE']);
    // the badges name the roles the same way
    expect(screen.getByText('Jefe de plataforma')).toBeInTheDocument();
    expect(screen.getAllByText('Lector')).toHaveLength(2);
    // one call for both, in the session's language
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe('/api/roles');
    expect(new Headers(fetchSpy.mock.calls[0]?.[1]?.headers).get('Accept-Language')).toBe('es');
  });

  it('shows loading, then an error with a retry that loads the list', async () => {
    let release: (response: Response) => void = () => undefined;
    await renderRoles([
      () => new Promise<Response>((resolve) => (release = resolve)),
      async () => json({ rows: served, total: 5 }),
    ]);
    expect(await screen.findAllByLabelText('Cargando roles…')).toHaveLength(2);
    await act(async () => release(json({ code: 'E1000', message: 'Error' }, 500)));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron cargar los roles');
    // without the list a badge still shows which role it is
    expect(screen.getByText('ROLE_ADMIN').closest('[title]')).toHaveAttribute(
      'title',
      'No se pudieron cargar los roles',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByLabelText('Gestor')).toBeInTheDocument();
    expect(screen.getByText('Jefe de plataforma')).toBeInTheDocument();
  });
});
