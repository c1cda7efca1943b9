import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '../lib/current-user';
import { sessionStore } from '../lib/session';
import { buildCurrentUser, companyA } from '../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { RoleGate } from './RoleGate';

afterEach(() => sessionStore.reload(null));

function renderGate(user: ReturnType<typeof buildCurrentUser> | null, gate: React.ReactElement) {
  sessionStore.signIn('token', companyA);
  const queryClient = createTestQueryClient();
  if (user) queryClient.setQueryData(currentUserQueryKey(companyA), user);
  return renderWithProviders(gate, { queryClient });
}

describe('RoleGate', () => {
  it('shows its children to a user holding one of the roles', async () => {
    renderGate(buildCurrentUser(), <RoleGate roles={['ROLE_USER', 'ROLE_ADMIN']}>secret</RoleGate>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('hides them from a user without the roles and shows the fallback', async () => {
    renderGate(
      buildCurrentUser(),
      <RoleGate group="system" fallback={<span>no access</span>}>
        secret
      </RoleGate>,
    );
    expect(await screen.findByText('no access')).toBeInTheDocument();
    expect(screen.queryByText('secret')).not.toBeInTheDocument();
  });

  it('lets a global admin through whatever company is selected', async () => {
    const admin = buildCurrentUser({
      userProfiles: [
        {
          id: '55555555-5555-4555-8555-555555555555',
          state: { name: 'Active' },
          company: null,
          profileRoles: ['ROLE_ADMIN'],
          rolesAssociated: [],
        },
      ],
    });
    renderGate(admin, <RoleGate group="system">secret</RoleGate>);
    expect(await screen.findByText('secret')).toBeInTheDocument();
  });

  it('ignores roles of disabled profiles', async () => {
    const user = buildCurrentUser();
    const disabled = buildCurrentUser({
      userProfiles: user.userProfiles.map((p) => ({
        ...p,
        state: { name: 'Disabled' as const },
        profileRoles: ['ROLE_ADMIN_CLIENTE' as const],
      })),
    });
    renderGate(
      disabled,
      <RoleGate roles={['ROLE_ADMIN_CLIENTE']} fallback={<span>no access</span>}>
        secret
      </RoleGate>,
    );
    expect(await screen.findByText('no access')).toBeInTheDocument();
  });
});
