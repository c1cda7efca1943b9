import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { companyRoles, globalRoles } from '@aforo/contracts/roles';
import type { User } from '@aforo/contracts/users';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import { companyA, companyB } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders, seedRoleList } from '../../test/render';
import { UserFormDialog } from './components/UserFormDialog';
import {
  emptyUserFormValues,
  roleChoices,
  toUserInput,
  userFormValuesFrom,
  validateUserForm,
} from './user-form';
import type { UserFormMode } from './user-form';

const clientAdmin: UserFormMode = { isAdmin: false, currentCompanyId: companyA };
const admin: UserFormMode = { isAdmin: true, currentCompanyId: companyB };

const existing: User = {
  id: '66666666-6666-4666-8666-666666666666',
  name: 'Marta',
  surname: 'Soler',
  email: 'marta@example.com',
  phone: null,
  state: { name: 'Active' },
  company: { id: companyA },
  userProfiles: [
    {
      id: '77777777-7777-4777-8777-777777777777',
      state: { name: 'Active' },
      company: { id: companyA, businessName: 'Canal del Norte S.A.' },
      profileRoles: ['ROLE_CHIEF_CLIENTE'],
      rolesAssociated: [{ id: 'ROLE_CHIEF_CLIENTE' }],
    },
    {
      id: '88888888-8888-4888-8888-888888888888',
      state: { name: 'Active' },
      company: { id: companyB, businessName: 'Aguas de Levante S.L.' },
      profileRoles: ['ROLE_USER'],
      rolesAssociated: [{ id: 'ROLE_USER' }],
    },
  ],
  roles: ['ROLE_CHIEF_CLIENTE'],
  createdAt: '2026-01-01T00:00:00.000Z',
};

afterEach(() => {
  cleanup(); // unmount before the session reset below changes query keys
  vi.unstubAllGlobals();
  sessionStore.reload(null);
});

describe('user form rules', () => {
  it('offers a Client Admin only company roles, whatever the kind', () => {
    expect(roleChoices('company', clientAdmin)).toEqual(companyRoles);
    expect(roleChoices('staff', clientAdmin)).toEqual(companyRoles);
    expect(roleChoices('staff', admin)).toEqual(globalRoles);
  });

  it("sends a Client Admin's user as one profile in its own company, dropping any global role", () => {
    const values = {
      ...emptyUserFormValues(clientAdmin),
      name: 'Ana',
      surname: 'Ruiz',
      email: 'ana@example.com',
    };
    values.kind = 'staff';
    values.globalRoles = ['ROLE_ADMIN'];
    values.companyProfiles = [
      { key: 'a', companyId: companyB, roles: ['ROLE_ADMIN', 'ROLE_USER'] },
      { key: 'b', companyId: companyB, roles: ['ROLE_SPECTATOR'] },
    ];
    expect(toUserInput(values, clientAdmin).profiles).toEqual([
      { company: { id: companyA }, roles: ['ROLE_USER'] },
    ]);
  });

  it('lets an ADMIN send provider staff as a global profile, or several company profiles', () => {
    const values = { ...emptyUserFormValues(admin, 'staff'), globalRoles: ['ROLE_CHIEF' as const] };
    expect(toUserInput(values, admin).profiles).toEqual([{ company: null, roles: ['ROLE_CHIEF'] }]);
    const edited = userFormValuesFrom(existing, admin);
    expect(edited.kind).toBe('company');
    expect(toUserInput(edited, admin).profiles).toEqual([
      { company: { id: companyA }, roles: ['ROLE_CHIEF_CLIENTE'] },
      { company: { id: companyB }, roles: ['ROLE_USER'] },
    ]);
  });

  it("shows a Client Admin only its own company's profile of an existing user", () => {
    const values = userFormValuesFrom(existing, clientAdmin);
    expect(values.companyProfiles).toEqual([
      expect.objectContaining({ companyId: companyA, roles: ['ROLE_CHIEF_CLIENTE'] }),
    ]);
  });

  it('asks for at least one role and a company per profile, in the session language', () => {
    sessionStore.setLanguage('es');
    const errors = validateUserForm(
      {
        ...emptyUserFormValues({ isAdmin: true, currentCompanyId: null }),
        name: 'A',
        surname: 'B',
        email: 'a@b.co',
      },
      { isAdmin: true, currentCompanyId: null },
    );
    expect(errors).toEqual({
      'companyProfiles.0.companyId': 'Seleccione una opción',
      'companyProfiles.0.roles': 'Se debe asignar al menos un rol al usuario.',
    });
  });
});

describe('UserFormDialog', () => {
  async function renderForm(mode: UserFormMode) {
    sessionStore.setLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    return renderWithProviders(
      <UserFormDialog
        userId={null}
        initialValues={emptyUserFormValues(mode)}
        mode={mode}
        companies={[{ value: companyA, label: 'Canal del Norte S.A.' }]}
        companyName="Canal del Norte S.A."
        onClose={() => undefined}
      />,
      { queryClient: seedRoleList(createTestQueryClient()) },
    );
  }

  it('shows a Client Admin the company roles of its company and no provider roles', async () => {
    await renderForm(clientAdmin);
    const roles = await screen.findByRole('group', { name: /Roles in Canal del Norte S.A./ });
    const labels = within(roles)
      .getAllByRole('checkbox')
      .map((box) => box.closest('.mantine-Checkbox-root')?.textContent);
    expect(labels).toEqual(['Client Admin', 'Operator', 'Viewer', 'Spectator']);
    expect(screen.queryByText('Super Admin FDX')).not.toBeInTheDocument();
    expect(screen.queryByText('Provider staff')).not.toBeInTheDocument();
  });

  it('lets an ADMIN switch to provider staff and its global roles', async () => {
    await renderForm(admin);
    await userEvent.click(await screen.findByText('Provider staff'));
    const roles = await screen.findByRole('group', { name: /Provider staff roles/ });
    expect(within(roles).getByLabelText('Super Admin FDX')).toBeInTheDocument();
    expect(within(roles).queryByLabelText('Client Admin')).not.toBeInTheDocument();
  });

  it("puts the email check's message under the email field", async () => {
    const fetchSpy = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(JSON.stringify({ code: 'U1009', message: 'The email is already registered.' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    await renderForm(clientAdmin);
    const email = await screen.findByLabelText(/^Email/);
    await userEvent.type(email, 'taken@example.com');
    await userEvent.tab();
    expect(await screen.findByText('The email is already registered.')).toBeInTheDocument();
    expect(String(fetchSpy.mock.calls[0]?.[0])).toBe(
      `/api/users/validate/taken%40example.com?companyId=${companyA}`,
    );
  });

  it("shows a shared user's details read-only to a Client Admin, roles still editable", async () => {
    sessionStore.setLanguage('en');
    await act(() => i18n.changeLanguage('en'));
    renderWithProviders(
      <UserFormDialog
        userId={existing.id}
        initialValues={userFormValuesFrom({ ...existing, editableIdentity: false }, clientAdmin)}
        mode={clientAdmin}
        companies={[]}
        companyName="Canal del Norte S.A."
        identityLocked
        onClose={() => undefined}
      />,
      { queryClient: seedRoleList(createTestQueryClient()) },
    );
    expect(await screen.findByText(/only the provider can change their details/)).toBeInTheDocument();
    for (const label of [/^Name/, /^Surname/, /^Email/, /^Phone/])
      expect(screen.getByLabelText(label)).toHaveAttribute('readonly');
    const roles = await screen.findByRole('group', { name: /Roles in Canal del Norte S.A./ });
    expect(within(roles).getByLabelText('Operator')).not.toBeDisabled();
  });
});
