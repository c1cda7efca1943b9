/** The one company-scope helper: every company-owned query goes through it. */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

export interface Scope {
  companyId: string | null;
  /**
   * The provider's network view (core/network-scope.ts): every company's rows. Only ever set for
   * provider staff or the system; with it `companyId` is null. Code that does not know the flag sees
   * a null company and reads nothing, so a list that was not adapted fails closed.
   */
  everyCompany?: boolean;
}

/** An id no row has: what a missing company or user matches (nothing). */
export const nobody = '00000000-0000-0000-0000-000000000000';

/** Restricts a company-owned column to the request's current company; no company → nothing. */
export function inCompany(scope: Scope, column: PgColumn): SQL {
  if (scope.everyCompany === true) return sql`true`;
  if (scope.companyId === null) return eq(column, nobody);
  return eq(column, scope.companyId);
}

/** A scope and the user whose favourites decorate the rows (null: a caller that is not a person). */
export interface Viewer extends Scope {
  userId: string | null;
}

/** inCompany for raw SQL: `column` is the company id column as it is named in the query (e.g. sql`mp.company_id`). */
export function companyIs(scope: Scope, column: SQL): SQL {
  if (scope.everyCompany === true) return sql`true`;
  return sql`${column} = ${sql.param(scope.companyId ?? nobody)}::uuid`;
}
