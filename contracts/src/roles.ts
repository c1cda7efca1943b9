/** Roles, the role check and the permission tables (docs/ROLES.md). Used by server and web. */
import { z } from 'zod';

export const roleNames = [
  'ROLE_ADMIN',
  'ROLE_CHIEF',
  'ROLE_VIEWER',
  'ROLE_ADMIN_CLIENTE',
  'ROLE_CHIEF_CLIENTE',
  'ROLE_USER',
  'ROLE_SPECTATOR',
  'ROLE_CHANGE_PASSWORD',
] as const;
export const roleSchema = z.enum(roleNames);
export type Role = z.infer<typeof roleSchema>;

/** Roles held by provider staff in their profile without company. */
export const globalRoles = ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'] as const satisfies readonly Role[];
/** Roles held in a client company's profile. */
export const companyRoles = [
  'ROLE_ADMIN_CLIENTE',
  'ROLE_CHIEF_CLIENTE',
  'ROLE_USER',
  'ROLE_SPECTATOR',
] as const satisfies readonly Role[];

export function isGlobalRole(role: Role): boolean {
  return (globalRoles as readonly Role[]).includes(role);
}

export const profileStates = ['Active', 'Disabled'] as const;
export type ProfileState = (typeof profileStates)[number];

/** The part of a user the role check needs. */
export interface ProfileForCheck {
  companyId: string | null;
  state: ProfileState;
  roles: readonly Role[];
}

/**
 * The profile whose roles count (docs/ROLES.md): only Active profiles; if any of them holds a global
 * role the global profile is used, otherwise the profile of the current company.
 */
export function effectiveProfile(
  profiles: readonly ProfileForCheck[],
  currentCompanyId: string | null,
): ProfileForCheck | undefined {
  const active = profiles.filter((p) => p.state === 'Active');
  const isGlobalUser = active.some((p) => p.roles.some(isGlobalRole));
  if (isGlobalUser) return active.find((p) => p.companyId === null);
  if (currentCompanyId === null) return undefined;
  return active.find((p) => p.companyId === currentCompanyId);
}

export function effectiveRoles(
  profiles: readonly ProfileForCheck[],
  currentCompanyId: string | null,
): Role[] {
  return [...(effectiveProfile(profiles, currentCompanyId)?.roles ?? [])];
}

/** The role check: passes when the effective profile holds any of the required roles. */
export function hasAnyRole(
  profiles: readonly ProfileForCheck[],
  currentCompanyId: string | null,
  required: readonly Role[],
): boolean {
  const roles = effectiveRoles(profiles, currentCompanyId);
  return required.some((r) => roles.includes(r));
}

/** Route groups of docs/ROLES.md, with the roles that may open them. `signedIn` = any signed-in user. */
export const routeGroups = {
  general: [
    'ROLE_ADMIN',
    'ROLE_ADMIN_CLIENTE',
    'ROLE_CHIEF',
    'ROLE_CHIEF_CLIENTE',
    'ROLE_USER',
    'ROLE_VIEWER',
  ],
  system: ['ROLE_ADMIN'],
  accounts: ['ROLE_ADMIN', 'ROLE_ADMIN_CLIENTE'],
  supervision: ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'],
  catalogue: ['ROLE_ADMIN', 'ROLE_CHIEF'],
  signedIn: [],
} as const satisfies Record<string, readonly Role[]>;
export type RouteGroup = keyof typeof routeGroups;
export const routeGroupNames = Object.keys(routeGroups) as RouteGroup[];

/** Whether a user may use a route group; `signedIn` only needs an effective or any active profile. */
export function canUseRouteGroup(
  profiles: readonly ProfileForCheck[],
  currentCompanyId: string | null,
  group: RouteGroup,
): boolean {
  const required: readonly Role[] = routeGroups[group];
  if (required.length === 0) return true;
  return hasAnyRole(profiles, currentCompanyId, required);
}

/**
 * Finer rights (docs/ROLES.md permission matrix). 'read' rights are API reads for form selectors.
 * Keyed by right, the value lists the roles that hold it.
 */
export const rights = {
  /** Every client company's figures at once (the provider's overview): provider staff only. */
  'network.read': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'],
  'monitoring.read': [
    'ROLE_ADMIN',
    'ROLE_CHIEF',
    'ROLE_VIEWER',
    'ROLE_ADMIN_CLIENTE',
    'ROLE_CHIEF_CLIENTE',
    'ROLE_USER',
  ],
  'dashboard.read': [
    'ROLE_ADMIN',
    'ROLE_CHIEF',
    'ROLE_VIEWER',
    'ROLE_ADMIN_CLIENTE',
    'ROLE_CHIEF_CLIENTE',
    'ROLE_USER',
    'ROLE_SPECTATOR',
  ],
  'points.edit': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE'],
  'favourites.edit': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE', 'ROLE_USER'],
  'devices.operate': ['ROLE_ADMIN', 'ROLE_CHIEF'],
  'products.edit': ['ROLE_ADMIN', 'ROLE_CHIEF'],
  'products.read': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'],
  'catalogue.edit': ['ROLE_ADMIN'],
  'catalogue.read': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'],
  'users.manage': ['ROLE_ADMIN', 'ROLE_ADMIN_CLIENTE'],
  'supervision.edit': ['ROLE_ADMIN', 'ROLE_CHIEF'],
  'supervision.read': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_VIEWER'],
  /** A client's admins see the exclusions agreed on their points and accept or dispute them. */
  'reports.review': ['ROLE_ADMIN_CLIENTE'],
  'devices.destroy': ['ROLE_ADMIN'],
  /** "Change state": ADMIN's corrections of a device's life cycle (docs/DEVICES.md). */
  'devices.changeState': ['ROLE_ADMIN'],
  'outbox.read': ['ROLE_ADMIN'],
  /** Acknowledge and shelve alerts: whoever may edit points (docs/ROLES.md matrix, same row). */
  'alerts.acknowledge': ['ROLE_ADMIN', 'ROLE_CHIEF', 'ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE'],
  /** Notification configs and their delivery log of the own company (docs/ROLES.md "users, notification configs"). */
  'notifications.manage': ['ROLE_ADMIN', 'ROLE_ADMIN_CLIENTE'],
  /** API tokens of the own company (docs/ROLES.md "users, notification configs, API tokens"). */
  'tokens.manage': ['ROLE_ADMIN', 'ROLE_ADMIN_CLIENTE'],
} as const satisfies Record<string, readonly Role[]>;
export type Right = keyof typeof rights;

export function hasRight(
  profiles: readonly ProfileForCheck[],
  currentCompanyId: string | null,
  right: Right,
): boolean {
  return hasAnyRole(profiles, currentCompanyId, rights[right]);
}

/**
 * One role of GET /api/roles (docs/ROLES.md "Role list: fetched from the server"): what the web shows and
 * offers. global = held by provider staff in their profile without company, company = held in a
 * client company's profile, system = set by the server (ROLE_CHANGE_PASSWORD), never granted.
 */
export const roleItemSchema = z.object({
  id: roleSchema,
  name: roleSchema,
  /** The role's name in the request's language. */
  label: z.string(),
  scope: z.enum(['global', 'company', 'system']),
  /** Place in lists, ascending; rows come sorted by it. */
  order: z.number().int(),
});
export type RoleItem = z.infer<typeof roleItemSchema>;
export const roleListSchema = z.object({ rows: z.array(roleItemSchema), total: z.number().int() });
