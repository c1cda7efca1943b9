import { describe, expect, it } from 'vitest';
import {
  canUseRouteGroup,
  effectiveProfile,
  hasAnyRole,
  routeGroupNames,
  type ProfileForCheck,
  type Role,
  type RouteGroup,
} from './roles';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const globalUser = (role: Role): ProfileForCheck[] => [{ companyId: null, state: 'Active', roles: [role] }];
const companyUser = (role: Role): ProfileForCheck[] => [{ companyId: A, state: 'Active', roles: [role] }];

// docs/ROLES.md route table, written out per role (true = may open the group)
const table: Record<Exclude<Role, 'ROLE_CHANGE_PASSWORD'>, Record<RouteGroup, boolean>> = {
  ROLE_ADMIN: {
    general: true,
    system: true,
    accounts: true,
    supervision: true,
    catalogue: true,
    signedIn: true,
  },
  ROLE_CHIEF: {
    general: true,
    system: false,
    accounts: false,
    supervision: true,
    catalogue: true,
    signedIn: true,
  },
  ROLE_VIEWER: {
    general: true,
    system: false,
    accounts: false,
    supervision: true,
    catalogue: false,
    signedIn: true,
  },
  ROLE_ADMIN_CLIENTE: {
    general: true,
    system: false,
    accounts: true,
    supervision: false,
    catalogue: false,
    signedIn: true,
  },
  ROLE_CHIEF_CLIENTE: {
    general: true,
    system: false,
    accounts: false,
    supervision: false,
    catalogue: false,
    signedIn: true,
  },
  ROLE_USER: {
    general: true,
    system: false,
    accounts: false,
    supervision: false,
    catalogue: false,
    signedIn: true,
  },
  ROLE_SPECTATOR: {
    general: false,
    system: false,
    accounts: false,
    supervision: false,
    catalogue: false,
    signedIn: true,
  },
};

describe('role check: every role × every route group (docs/ROLES.md)', () => {
  for (const [role, groups] of Object.entries(table) as Array<[Role, Record<RouteGroup, boolean>]>) {
    for (const group of routeGroupNames) {
      it(`${role} ${groups[group] ? 'may' : 'may not'} open ${group}`, () => {
        const isGlobal = ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'].includes(role);
        const profiles = isGlobal ? globalUser(role) : companyUser(role);
        expect(canUseRouteGroup(profiles, A, group)).toBe(groups[group]);
      });
    }
  }
});

describe('effective profile', () => {
  it('ignores profiles that are not Active', () => {
    const profiles: ProfileForCheck[] = [{ companyId: A, state: 'Disabled', roles: ['ROLE_ADMIN_CLIENTE'] }];
    expect(hasAnyRole(profiles, A, ['ROLE_ADMIN_CLIENTE'])).toBe(false);
  });

  it('uses the global profile as soon as any active profile holds ADMIN, CHIEF or VIEWER', () => {
    const profiles: ProfileForCheck[] = [
      { companyId: null, state: 'Active', roles: ['ROLE_VIEWER'] },
      { companyId: A, state: 'Active', roles: ['ROLE_ADMIN_CLIENTE'] },
    ];
    expect(effectiveProfile(profiles, A)?.companyId).toBeNull();
    expect(hasAnyRole(profiles, A, ['ROLE_ADMIN_CLIENTE'])).toBe(false);
    expect(hasAnyRole(profiles, A, ['ROLE_VIEWER'])).toBe(true);
  });

  it('uses the profile of the current company for company users', () => {
    const profiles: ProfileForCheck[] = [
      { companyId: A, state: 'Active', roles: ['ROLE_ADMIN_CLIENTE'] },
      { companyId: B, state: 'Active', roles: ['ROLE_SPECTATOR'] },
    ];
    expect(hasAnyRole(profiles, A, ['ROLE_ADMIN_CLIENTE'])).toBe(true);
    expect(hasAnyRole(profiles, B, ['ROLE_ADMIN_CLIENTE'])).toBe(false);
    expect(hasAnyRole(profiles, null, ['ROLE_ADMIN_CLIENTE'])).toBe(false);
  });

  it('gives a company user nothing in a company without a profile', () => {
    expect(canUseRouteGroup(companyUser('ROLE_ADMIN_CLIENTE'), B, 'general')).toBe(false);
  });
});
