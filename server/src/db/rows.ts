/**
 * The rows of a raw `db.execute(sql…)`: the pg driver answers `{ rows }`, PGlite through drizzle may
 * answer the array itself; one reader for both.
 */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}
