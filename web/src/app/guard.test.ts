import { describe, expect, it } from 'vitest';
import type { ProfileForCheck } from '@aforo/contracts/roles';
import { decide } from './guard';
import type { GuardRoute, GuardUser } from './guard';

const companyA = '11111111-1111-4111-8111-111111111111';
const companyB = '22222222-2222-4222-8222-222222222222';
const signedIn = { token: 'token', currentCompanyId: companyA };

function user(profiles: readonly ProfileForCheck[], state: GuardUser['state'] = 'Active'): GuardUser {
  return { state, profiles };
}
const admin = user([{ companyId: null, state: 'Active', roles: ['ROLE_ADMIN'] }]);
const companyUser = user([{ companyId: companyA, state: 'Active', roles: ['ROLE_USER'] }]);
const clientAdmin = user([{ companyId: companyA, state: 'Active', roles: ['ROLE_ADMIN_CLIENTE'] }]);

function route(path: string, groups: GuardRoute['groups'] = []): GuardRoute {
  return { path, requiresAuth: true, groups };
}

describe('navigation guard', () => {
  it('sends an unauthenticated visitor to /login', () => {
    expect(
      decide({ token: null, currentCompanyId: null }, null, route('/app/monitoring', ['general'])),
    ).toEqual({
      type: 'redirect',
      to: '/login',
    });
  });

  it('lets anyone through a public route', () => {
    expect(
      decide({ token: null, currentCompanyId: null }, null, {
        path: '/login',
        requiresAuth: false,
        groups: [],
      }),
    ).toEqual({
      type: 'allow',
    });
  });

  it('waits while the signed-in user loads', () => {
    expect(decide(signedIn, null, route('/app'))).toEqual({ type: 'wait' });
  });

  it('sends a USER without the role on /app/system to /app/dashboard, saying it was forbidden', () => {
    expect(decide(signedIn, companyUser, route('/app/system', ['system']))).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
  });

  it('sends a user who opens the app (/app) without its roles to the dashboard without a word', () => {
    const spectator = user([{ companyId: companyA, state: 'Active', roles: ['ROLE_SPECTATOR'] }]);
    for (const path of ['/app', '/app/']) {
      expect(decide(signedIn, spectator, route(path, ['general']))).toEqual({
        type: 'redirect',
        to: '/app/dashboard',
      });
    }
    expect(decide(signedIn, spectator, route('/app/monitoring', ['general']))).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
  });

  it('lets a USER open the general routes and the dashboard', () => {
    expect(decide(signedIn, companyUser, route('/app/monitoring', ['general']))).toEqual({ type: 'allow' });
    expect(decide(signedIn, companyUser, route('/app/dashboard'))).toEqual({ type: 'allow' });
  });

  it('allows ADMIN everywhere, in any company', () => {
    for (const groups of [
      ['system'],
      ['accounts'],
      ['supervision'],
      ['catalogue'],
      ['general', 'system'],
    ] as const) {
      expect(decide({ token: 't', currentCompanyId: companyB }, admin, route('/app/x', groups))).toEqual({
        type: 'allow',
      });
    }
  });

  it('checks every matched group: a client admin may open users but not companies', () => {
    expect(decide(signedIn, clientAdmin, route('/app/accounts', ['accounts']))).toEqual({ type: 'allow' });
    expect(decide(signedIn, clientAdmin, route('/app/accounts/companies', ['system']))).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
  });

  it("checks a route's own role list beside its groups: the agreed exclusions' staff and client admins", () => {
    const reviewers = [['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER', 'ROLE_ADMIN_CLIENTE']] as const;
    const exclusions = { ...route('/app/reports/exclusions'), roles: reviewers };
    expect(decide(signedIn, clientAdmin, exclusions)).toEqual({ type: 'allow' });
    expect(decide(signedIn, admin, exclusions)).toEqual({ type: 'allow' });
    expect(decide(signedIn, companyUser, exclusions)).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
    // the group still applies: a list of roles widens nothing
    expect(decide(signedIn, clientAdmin, { ...exclusions, groups: ['supervision'] })).toMatchObject({
      type: 'redirect',
    });
  });

  it('uses the profile of the current company only', () => {
    expect(
      decide({ token: 't', currentCompanyId: companyB }, clientAdmin, route('/app/accounts', ['accounts'])),
    ).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
  });

  it('ignores disabled profiles', () => {
    const disabled = user([{ companyId: null, state: 'Disabled', roles: ['ROLE_ADMIN'] }]);
    expect(decide(signedIn, disabled, route('/app/system', ['system']))).toEqual({
      type: 'redirect',
      to: '/app/dashboard',
      forbidden: true,
    });
  });

  it('sends a user in "Change Password" state to /change-password from any other route', () => {
    const changing = user(admin.profiles, 'Change Password');
    for (const path of ['/app', '/app/dashboard', '/app/change-password', '/app/system']) {
      expect(decide(signedIn, changing, route(path))).toEqual({ type: 'redirect', to: '/change-password' });
    }
    expect(decide(signedIn, changing, route('/change-password'))).toEqual({ type: 'allow' });
  });

  it('never loops on the dashboard, even for a user without any profile', () => {
    expect(decide(signedIn, user([]), route('/app/dashboard'))).toEqual({ type: 'allow' });
  });
});
