/**
 * SQL for component types. A type belongs to a company; a company uses its own types and the
 * provider company's (core/access.repository.ts componentTypesOfCompany).
 */
import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { ComponentTypeInput, ComponentTypeListQuery } from '@aforo/contracts/component-types';
import { componentTypesOfCompany } from '../../core/access.repository';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { companies, components, componentTypes, devices, measurementPoints } from '../../db/schema';
import type { Scope } from '../../db/scope';
import { paged } from '../../db/paging';

export type ComponentTypeRow = typeof componentTypes.$inferSelect & {
  components: number;
  companyName: string;
  companyIsProvider: boolean;
};

const orderColumns = { name: componentTypes.name, created_at: componentTypes.createdAt } as const;

export function createComponentTypesRepository(db: Db) {
  // drizzle drops table qualifiers inside sql``, so the correlated subquery is spelled out
  const componentsCount = sql<number>`(select count(*)::int from "components" c where c."type_id" = "component_types"."id")`;
  const select = () =>
    db
      .select({
        id: componentTypes.id,
        companyId: componentTypes.companyId,
        name: componentTypes.name,
        magnitude: componentTypes.magnitude,
        measureType: componentTypes.measureType,
        dynamicFields: componentTypes.dynamicFields,
        enabled: componentTypes.enabled,
        createdAt: componentTypes.createdAt,
        updatedAt: componentTypes.updatedAt,
        components: componentsCount,
        companyName: companies.businessName,
        companyIsProvider: companies.isProvider,
      })
      .from(componentTypes)
      .innerJoin(companies, eq(companies.id, componentTypes.companyId));

  return {
    /** The types the scope's company may use: its own and the provider's. */
    async list(
      scope: Scope,
      query: ComponentTypeListQuery,
    ): Promise<{ rows: ComponentTypeRow[]; total: number }> {
      const term = query.search?.trim();
      const where: SQL | undefined = and(
        componentTypesOfCompany(db, scope.companyId),
        term
          ? or(
              containsText(componentTypes.name, term),
              containsText(componentTypes.magnitude, term),
              containsText(componentTypes.measureType, term),
            )
          : undefined,
      );
      const column = orderColumns[query.order];
      const base = select()
        .where(where)
        .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(componentTypes.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(componentTypes).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    /** By id, whoever owns it: callers ask the access function first. */
    async findById(id: string): Promise<ComponentTypeRow | undefined> {
      const [row] = await select().where(eq(componentTypes.id, id));
      return row;
    },

    async providerCompanyId(): Promise<string | null> {
      const [row] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.isProvider, true), isNull(companies.deletedAt)))
        .orderBy(asc(companies.createdAt), asc(companies.id))
        .limit(1);
      return row?.id ?? null;
    },

    /**
     * Whether a type other than `exceptId` that could sit beside one of `companyId` already uses the
     * name (case-insensitive): the company's own and the provider's; for a provider type, any.
     */
    async isNameTaken(
      companyId: string,
      isProvider: boolean,
      name: string,
      exceptId?: string,
    ): Promise<boolean> {
      const rows = await db
        .select({ id: componentTypes.id })
        .from(componentTypes)
        .where(
          and(
            sql`lower(${componentTypes.name}) = lower(${name})`,
            isProvider ? undefined : componentTypesOfCompany(db, companyId),
          ),
        );
      return rows.some((r) => r.id !== exceptId);
    },

    /** Installed components of the type at points of another company than `companyId`. */
    async installedOutside(id: string, companyId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(components)
        .innerJoin(measurementPoints, eq(measurementPoints.id, components.pointId))
        .where(
          and(
            eq(components.typeId, id),
            eq(components.state, 'Installed'),
            ne(measurementPoints.companyId, companyId),
          ),
        );
      return row?.n ?? 0;
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
