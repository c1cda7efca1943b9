/** SQL for component types (global catalogue of the provider: no company scope). */
import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ComponentTypeInput, ComponentTypeListQuery } from '@aforo/contracts/component-types';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { components, componentTypes, devices } from '../../db/schema';
import { paged } from '../../db/paging';

export type ComponentTypeRow = typeof componentTypes.$inferSelect & { components: number };

const orderColumns = { name: componentTypes.name, created_at: componentTypes.createdAt } as const;

export function createComponentTypesRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const componentsCount = sql<number>`(select count(*)::int from "components" c where c."type_id" = "component_types"."id")`;
  const columns = {
    id: componentTypes.id,
    name: componentTypes.name,
    magnitude: componentTypes.magnitude,
    measureType: componentTypes.measureType,
    dynamicFields: componentTypes.dynamicFields,
    enabled: componentTypes.enabled,
    createdAt: componentTypes.createdAt,
    updatedAt: componentTypes.updatedAt,
    components: componentsCount,
  };

  return {
    async list(query: ComponentTypeListQuery): Promise<{ rows: ComponentTypeRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = term
        ? or(
            containsText(componentTypes.name, term),
            containsText(componentTypes.magnitude, term),
            containsText(componentTypes.measureType, term),
          )
        : undefined;
      const column = orderColumns[query.order];
      const base = db
        .select(columns)
        .from(componentTypes)
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(componentTypes.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(componentTypes).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async findById(id: string): Promise<ComponentTypeRow | undefined> {
      const [row] = await db.select(columns).from(componentTypes).where(eq(componentTypes.id, id));
      return row;
    },

    /** Whether another type than `exceptId` already uses this name (case-insensitive). */
    async isNameTaken(name: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: componentTypes.id })
        .from(componentTypes)
        .where(sql`lower(${componentTypes.name}) = lower(${name})`);
      return rows.some((r) => r.id !== exceptId);
    },

    /** What stands in the way of disabling: installed components, and those fitted to an Active device. */
    async disableBlockers(id: string): Promise<{ installed: number; onActiveDevices: number }> {
      const [installed] = await db
        .select({ n: count() })
        .from(components)
        .where(and(eq(components.typeId, id), eq(components.state, 'Installed')));
      const [onActive] = await db
        .select({ n: count() })
        .from(components)
        .innerJoin(devices, eq(devices.id, components.deviceId))
        .where(and(eq(components.typeId, id), eq(devices.state, 'Active')));
      return { installed: installed?.n ?? 0, onActiveDevices: onActive?.n ?? 0 };
    },

    async insert(input: ComponentTypeInput): Promise<string> {
      const [row] = await db.insert(componentTypes).values(input).returning({ id: componentTypes.id });
      return row!.id;
    },

    async update(id: string, input: ComponentTypeInput): Promise<void> {
      await db
        .update(componentTypes)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(componentTypes.id, id));
    },

    async setEnabled(id: string, enabled: boolean): Promise<void> {
      await db
        .update(componentTypes)
        .set({ enabled, updatedAt: new Date() })
        .where(eq(componentTypes.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(componentTypes).where(eq(componentTypes.id, id));
    },
  };
}
export type ComponentTypesRepository = ReturnType<typeof createComponentTypesRepository>;
