/** SQL for networks (global reference data: no company scope). */
import { asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { NetworkInput, NetworkListQuery, networkTypes } from '@aforo/contracts/networks';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { devices, networks } from '../../db/schema';
import { paged } from '../../db/paging';

export type NetworkRow = Omit<typeof networks.$inferSelect, 'type'> & {
  type: (typeof networkTypes)[number];
  devices: number;
};

const orderColumns = { name: networks.name, type: networks.type, created_at: networks.createdAt } as const;

export function createNetworksRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const devicesCount = sql<number>`(select count(*)::int from "devices" d where d."network_id" = "networks"."id" and d."deleted_at" is null)`;
  const columns = {
    id: networks.id,
    name: networks.name,
    // written only through the contract's enum
    type: sql<NetworkRow['type']>`${networks.type}`,
    createdAt: networks.createdAt,
    updatedAt: networks.updatedAt,
    devices: devicesCount,
  };

  return {
    async list(query: NetworkListQuery): Promise<{ rows: NetworkRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term ? containsText(networks.name, term) : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(networks)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(networks.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(networks).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<NetworkRow | undefined> {
      const [row] = await db.select(columns).from(networks).where(eq(networks.id, id));
      return row;
    },

    /** Whether another network than `exceptId` already uses this name (case-insensitive). */
    async isNameTaken(name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: networks.id })
        .from(networks)
        .where(sql`lower(${networks.name}) = lower(${name})`);
      return rows.some((r) => r.id !== exceptId);
    },

    /** Whether any device uses the network, deleted ones included (a restore needs it back). */
    async hasDevices(id: string): Promise<boolean> {
      const rows = await db
        .select({ id: devices.id })
        .from(devices)
        .where(eq(devices.networkId, id))
        .limit(1);
      return rows.length > 0;
    },

    async insert(input: NetworkInput): Promise<string> {
      const [row] = await db.insert(networks).values(input).returning({ id: networks.id });
      return row!.id;
    },

    async update(id: string, input: NetworkInput): Promise<void> {
      await db
        .update(networks)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(networks.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(networks).where(eq(networks.id, id));
    },
  };
}
export type NetworksRepository = ReturnType<typeof createNetworksRepository>;
