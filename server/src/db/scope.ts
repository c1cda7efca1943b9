/** The one company-scope helper: every company-owned query goes through it. */
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface Scope {
  companyId: string | null;
}

/** Restricts a company-owned column to the request's current company; no company → nothing. */
export function inCompany(scope: Scope, column: PgColumn): SQL {
  if (scope.companyId === null) return eq(column, '00000000-0000-0000-0000-000000000000');
  return eq(column, scope.companyId);
}
