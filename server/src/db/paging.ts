/** The page of a list query (docs/API.md: page from 1, length -1 = every row). */
import type { PgSelect } from 'drizzle-orm/pg-core';

export function paged<T extends PgSelect>(query: T, page: { page: number; length: number }): T {
  if (page.length === -1) return query;
  return query.limit(page.length).offset((page.page - 1) * page.length);
}
