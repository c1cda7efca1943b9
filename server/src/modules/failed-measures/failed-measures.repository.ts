/**
 * SQL for refused messages. failed_measures has no company: a refused message often names no known
 * device, so only provider staff read it and there is no company scope here.
 */
import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FailedMeasureExportQuery, FailedMeasureListQuery } from '@aforo/contracts/failed-measures';
import type { Db } from '../../db/client';
import { afterCursor, cursorOf, keysetBatches, keysetOrder, type KeyColumn } from '../../db/keyset';
import { failedMeasures } from '../../db/schema';
import { containsText } from '../../db/search';

export type FailedMeasureRecord = typeof failedMeasures.$inferSelect;
export type FailedMeasureListRow = Omit<FailedMeasureRecord, 'payload'>;

const orderColumns = {
  received_at: failedMeasures.receivedAt,
  reason: failedMeasures.reason,
  serial: failedMeasures.serial,
} as const;

// the list never carries the payloads (up to 4 KB each); the detail does
const listColumns = {
  id: failedMeasures.id,
  receivedAt: failedMeasures.receivedAt,
  topic: failedMeasures.topic,
  serial: failedMeasures.serial,
  reason: failedMeasures.reason,
  detail: failedMeasures.detail,
  measureIndex: failedMeasures.measureIndex,
};

// the export's order: time of arrival (microseconds, from now()), then id
const exportKeys: KeyColumn[] = [
  { column: failedMeasures.receivedAt, type: 'timestamptz' },
  { column: failedMeasures.id, type: 'uuid' },
];

function filters(query: Omit<FailedMeasureExportQuery, 'separator' | 'dir'>): SQL | undefined {
  const term = query.search?.trim();
  return and(
    query.reason ? eq(failedMeasures.reason, query.reason) : undefined,
    // lower() on both sides: serials are matched case-insensitively, like the devices register
    query.serial ? eq(sql`lower(${failedMeasures.serial})`, query.serial.toLowerCase()) : undefined,
    query.from ? gte(failedMeasures.receivedAt, query.from) : undefined,
    query.to ? lte(failedMeasures.receivedAt, query.to) : undefined,
    term
      ? or(
          containsText(failedMeasures.serial, term),
          containsText(failedMeasures.topic, term),
          containsText(failedMeasures.detail, term),
        )
      : undefined,
  );
}

export function createFailedMeasuresRepository(db: Db) {
  return {
    async listAcrossCompanies(
      query: FailedMeasureListQuery,
    ): Promise<{ rows: FailedMeasureListRow[]; total: number }> {
      const where = filters(query);
      const column = orderColumns[query.order];
      const rows = await db
        .select(listColumns)
        .from(failedMeasures)
        .where(where)
        .orderBy(
          query.dir === 'ASC' ? asc(column) : desc(column),
          desc(failedMeasures.receivedAt),
          asc(failedMeasures.id),
        )
        .limit(query.length)
        .offset((query.page - 1) * query.length);
      const [total] = await db.select({ n: count() }).from(failedMeasures).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** Every row of the filters in batches (keyset paging), payloads left out as in the list. */
    exportAcrossCompanies(query: FailedMeasureExportQuery): AsyncGenerator<FailedMeasureListRow[]> {
      const where = filters(query);
      return keysetBatches((after, limit) =>
        db
          .select({ ...listColumns, cursor: cursorOf(exportKeys) })
          .from(failedMeasures)
          .where(and(where, after ? afterCursor(exportKeys, after, query.dir) : undefined))
          .orderBy(...keysetOrder(exportKeys, query.dir))
          .limit(limit),
      );
    },

    async findAcrossCompanies(id: string): Promise<FailedMeasureRecord | undefined> {
      const [row] = await db.select().from(failedMeasures).where(eq(failedMeasures.id, id));
      return row;
    },
  };
}
