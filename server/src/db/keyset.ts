/**
 * Keyset paging for the streamed exports: each batch starts after the last row of the one before,
 * so an export of millions of rows holds one batch in memory and never pays for a large OFFSET.
 */
import { asc, desc, sql, type Column, type SQL } from 'drizzle-orm';

export const exportBatchSize = 1000;

/** One column of the export's order; the last ones make it unique (e.g. the id). */
export interface KeyColumn {
  column: Column | SQL;
  /** PostgreSQL type the cursor text is cast back to. */
  type: 'timestamptz' | 'uuid' | 'text';
}

export function keysetOrder(keys: readonly KeyColumn[], dir: 'ASC' | 'DESC'): SQL[] {
  return keys.map((k) => (dir === 'ASC' ? asc(k.column) : desc(k.column)));
}

/**
 * A row's cursor: its key columns as PostgreSQL text. A JavaScript Date would drop the microseconds
 * of a timestamp (now() has them) and the next batch would skip or repeat rows.
 */
export function cursorOf(keys: readonly KeyColumn[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map((k) => sql`${k.column}::text`),
    sql`, `,
  )}]`;
}

/** Rows after the cursor in the export's order (before it, descending). */
export function afterCursor(keys: readonly KeyColumn[], cursor: readonly string[], dir: 'ASC' | 'DESC'): SQL {
  const columns = sql.join(
    keys.map((k) => sql`${k.column}`),
    sql`, `,
  );
  const values = sql.join(
    keys.map((k, i) => sql`${cursor[i] ?? null}::${sql.raw(k.type)}`),
    sql`, `,
  );
  return sql`(${columns}) ${sql.raw(dir === 'ASC' ? '>' : '<')} (${values})`;
}

/** Batches of rows, each query starting after the previous batch's last cursor. */
export async function* keysetBatches<Row extends { cursor: string[] }>(
  fetch: (after: string[] | undefined, limit: number) => Promise<Row[]>,
  size = exportBatchSize,
): AsyncGenerator<Row[]> {
  let after: string[] | undefined;
  for (;;) {
    const rows = await fetch(after, size);
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.cursor;
  }
}
