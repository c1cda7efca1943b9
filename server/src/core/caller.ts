/** The kinds of caller Aforo answers (docs/ROLES.md, docs/API.md): what every access decision starts from. */
import type { ProfileForCheck, Role } from '@aforo/contracts/roles';
import type { UserState } from '@aforo/contracts/users';

/** A signed-in user: their profiles decide their rights in the current company (docs/ROLES.md). */
export interface UserCaller {
  kind: 'user';
  userId: string;
  email: string;
  state: UserState;
  profiles: ProfileForCheck[];
  /** The roles of the profile that counts in the current company. */
  roles: Role[];
  /** The company the call is about; the access function scopes points to it. */
  companyId: string | null;
  /** Provider staff: their global profile holds ADMIN, CHIEF or VIEWER. */
  isGlobal: boolean;
  /** The session version of the caller's token (a refresh keeps it; see auth/session.ts). */
  sessionVersion?: number;
}

/**
 * Who is calling. Every kind enters the same service methods; `rights` (core/rights.ts) and the one
 * access function (core/access.ts) answer for each kind, so no caller needs a second door.
 */
export type Caller =
  | UserCaller
  | { kind: 'apiToken'; tokenId: string; companyId: string; layerIds: string[] | null }
  | { kind: 'public'; companyId: string }
  | { kind: 'system'; reason: string };
