/**
 * The rights of each kind of caller in a company. Users hold the rights of their roles (the permission
 * table of contracts/src/roles.ts, docs/ROLES.md); the other kinds hold fixed sets, and the one access
 * function (core/access.ts) narrows which items they reach.
 */
import { hasRight, rights, type Right } from '@aforo/contracts/roles';
import type { Caller } from './caller';

const allRights = Object.keys(rights) as Right[];
const everything: ReadonlySet<Right> = new Set(allRights);
/** An API token reads its company's monitoring data (docs/API.md): never edits, never administers. */
const tokenRights: ReadonlySet<Right> = new Set<Right>(['monitoring.read', 'dashboard.read']);
/** The public dashboard reads the points a company marked public, nothing else. */
const publicRights: ReadonlySet<Right> = new Set<Right>(['monitoring.read', 'dashboard.read']);

export function rightsOf(caller: Caller, companyId: string | null): ReadonlySet<Right> {
  switch (caller.kind) {
    case 'user':
      return new Set(allRights.filter((right) => hasRight(caller.profiles, companyId, right)));
    case 'apiToken':
      return tokenRights;
    case 'public':
      return publicRights;
    case 'system':
      return everything;
  }
}
