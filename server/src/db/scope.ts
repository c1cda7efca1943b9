/** The one company-scope helper: every company-owned query goes through it. */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface Scope {
  companyId: string | null;
}

/** An id no row has: what a missing company or user matches (nothing). */
export const nobody = '00000000-0000-0000-0000-000000000000';

/** Restricts a company-owned column to the request's current company; no company → nothing. */
export function inCompany(scope: Scope, column: PgColumn): SQL {
  if (scope.companyId === null) return eq(column, nobody);
  return eq(column, scope.companyId);
}

/** A scope and the user whose favourites decorate the rows (null: a caller that is not a person). */
export interface Viewer extends Scope {
  userId: string | null;
}
