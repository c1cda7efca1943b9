/** Test data built from the contracts' types, with overrides. */
import type { Alert } from '@aforo/contracts/alerts';
import type { RoleItem } from '@aforo/contracts/roles';
import type { CurrentUser } from '@aforo/contracts/users';

export const companyA = '11111111-1111-4111-8111-111111111111';
export const companyB = '22222222-2222-4222-8222-222222222222';

export function buildCurrentUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    name: 'Lucía',
    surname: 'Martín',
    email: 'lucia@example.com',
    phone: null,
    state: { name: 'Active' },
    company: { id: companyA },
    userProfiles: [
      {
        id: '44444444-4444-4444-8444-444444444444',
        state: { name: 'Active' },
        company: { id: companyA, businessName: 'Aguas del Norte' },
        profileRoles: ['ROLE_USER'],
        rolesAssociated: [{ id: 'ROLE_USER' }],
      },
    ],
    roles: ['ROLE_USER'],
    createdAt: '2026-01-01T00:00:00.000Z',
    isGlobal: false,
    companies: [
      {
        id: companyA,
        businessName: 'Aguas del Norte',
        slug: 'aguas-del-norte',
        isProvider: false,
        preferredTimezone: 'Europe/Madrid',
      },
    ],
    language: 'es',
    ...overrides,
  };
}

/** An unsigned JWT with the given claims: enough for the client, which never checks signatures. */
export function buildToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

/** GET /api/roles as the server answers it in English (server/drizzle role_labels). */
export function buildRoleList(): RoleItem[] {
  const rows: Array<[RoleItem['id'], string, RoleItem['scope']]> = [
    ['ROLE_ADMIN', 'Super Admin FDX', 'global'],
    ['ROLE_CHIEF', 'Operator FDX', 'global'],
    ['ROLE_VIEWER', 'Viewer FDX', 'global'],
    ['ROLE_ADMIN_CLIENTE', 'Client Admin', 'company'],
    ['ROLE_CHIEF_CLIENTE', 'Operator', 'company'],
    ['ROLE_USER', 'Viewer', 'company'],
    ['ROLE_SPECTATOR', 'Spectator', 'company'],
    ['ROLE_CHANGE_PASSWORD', 'Change password', 'system'],
  ];
  return rows.map(([id, label, scope], index) => ({ id, name: id, label, scope, order: index + 1 }));
}

export const alertPointId = '55555555-5555-4555-8555-555555555555';

/** An open DANGER alert of a point, as GET /api/alerts answers it. */
export function buildAlert(overrides: Partial<Alert> = {}): Alert {
  return {
    id: '66666666-6666-4666-8666-666666666666',
    companyId: companyA,
    companyName: 'Aguas del Norte',
    pointId: alertPointId,
    pointName: 'Ebro en Zaragoza',
    port: 'ai1',
    unit: 'm',
    deviceId: null,
    deviceSerial: null,
    type: 'DANGER',
    group: 'DANGER',
    level: 'DANGER',
    colour: '#FF0000',
    state: 'open',
    active: true,
    openedAt: '2026-03-01T10:00:00.000Z',
    openedValue: 5.2,
    lastAt: '2026-03-01T10:05:00.000Z',
    lastValue: 5.4,
    count: 2,
    clearedAt: null,
    clearedValue: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgeComment: null,
    shelvedUntil: null,
    shelvedBy: null,
    shelveReason: null,
    shelved: false,
    late: false,
    muted: false,
    ...overrides,
  };
}

/** A signed-in user of company A holding these roles there. */
export function buildCompanyUser(roles: CurrentUser['roles']): CurrentUser {
  return buildCurrentUser({
    userProfiles: [
      {
        id: '44444444-4444-4444-8444-444444444444',
        state: { name: 'Active' },
        company: { id: companyA, businessName: 'Aguas del Norte' },
        profileRoles: roles,
        rolesAssociated: roles.map((id) => ({ id })),
      },
    ],
    roles,
  });
}
