/** SQL for firmwares (global reference data: no company scope). */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FirmwareInput, FirmwareListQuery } from '@aforo/contracts/firmwares';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, firmwares, models } from '../../db/schema';
import { paged } from '../../db/paging';

export interface FirmwareRow {
  id: string;
  version: string;
  modelId: string;
  modelName: string;
  devices: number;
  createdAt: Date;
  updatedAt: Date;
}

// versions sort by their numeric parts (1.10 after 1.9), then by the whole text for suffixes
const versionParts = sql`string_to_array(regexp_replace(${firmwares.version}, '[-+].*$', ''), '.')::numeric[]`;
const orderColumns = {
  version: [versionParts, firmwares.version],
  created_at: [firmwares.createdAt],
} as const;

export function createFirmwaresRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const devicesCount = sql<number>`(select count(*)::int from "devices" d where d."firmware_id" = "firmwares"."id" and d."deleted_at" is null)`;
  const columns = {
    id: firmwares.id,
    version: firmwares.version,
    modelId: firmwares.modelId,
    modelName: models.name,
    devices: devicesCount,
    createdAt: firmwares.createdAt,
    updatedAt: firmwares.updatedAt,
  };
  const joined = () => db.select(columns).from(firmwares).innerJoin(models, eq(models.id, firmwares.modelId));

  return {
    async list(query: FirmwareListQuery): Promise<{ rows: FirmwareRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = and(
        query.modelId ? eq(firmwares.modelId, query.modelId) : undefined,
        term ? or(containsText(firmwares.version, term), containsText(models.name, term)) : undefined,
      );
      const direction = query.dir === 'ASC' ? asc : desc;
      const base = joined()
        .where(where)
        .orderBy(...orderColumns[query.order].map((c) => direction(c)), asc(firmwares.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db
        .select({ n: count() })
        .from(firmwares)
        .innerJoin(models, eq(models.id, firmwares.modelId))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<FirmwareRow | undefined> {
      const [row] = await joined().where(eq(firmwares.id, id));
      return row;
    },

    async modelExists(modelId: string): Promise<boolean> {
      const rows = await db.select({ id: models.id }).from(models).where(eq(models.id, modelId));
      return rows.length > 0;
    },

    /** Whether another firmware of the model than `exceptId` already has this version. */
    async isVersionTaken(modelId: string, version: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: firmwares.id })
        .from(firmwares)
        .where(and(eq(firmwares.modelId, modelId), eq(firmwares.version, version)));
      return rows.some((r) => r.id !== exceptId);
    },

    /** Whether any device runs the firmware, deleted ones included (a restore needs it back). */
    async hasDevices(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.firmwareId, id))
        .limit(1);
      return rows.length > 0;
    },

    async insert(input: FirmwareInput): Promise<string> {
      const [row] = await db.insert(firmwares).values(input).returning({ id: firmwares.id });
      return row!.id;
    },

    async update(id: string, input: FirmwareInput): Promise<void> {
      await db
        .update(firmwares)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(firmwares.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(firmwares).where(eq(firmwares.id, id));
    },
  };
}
export type FirmwaresRepository = ReturnType<typeof createFirmwaresRepository>;
