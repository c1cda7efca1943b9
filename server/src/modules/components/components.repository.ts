/**
 * SQL for components. A component belongs to a company only while installed at one of its points,
 * so the company scope goes through the point.
 */
import { and, asc, count, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { ComponentListQuery } from '@aforo/contracts/components';
import type { Db } from '../../db/client';
import { containsText } from '../../db/search';
import { companies, components, componentTypes, devices, measurementPoints } from '../../db/schema';
import { inCompany, type Scope } from '../../db/scope';
import { paged } from '../../db/paging';

export type ComponentRecord = typeof components.$inferSelect;
export type ComponentRow = ComponentRecord & {
  typeName: string;
  typeEnabled: boolean;
  typeCompanyId: string;
  /** The type is the provider company's: it may be installed at any company's points. */
  typeShared: boolean;
  deviceSerial: string | null;
  pointName: string | null;
  pointCompanyId: string | null;
};
export type ComponentValues = Partial<Omit<ComponentRecord, 'id' | 'createdAt'>>;

const orderColumns = { serial: components.serial, created_at: components.createdAt } as const;

export function createComponentsRepository(db: Db) {
  const select = () =>
    db
      .select({
        component: components,
        typeName: componentTypes.name,
        typeEnabled: componentTypes.enabled,
        typeCompanyId: componentTypes.companyId,
        typeShared: companies.isProvider,
        deviceSerial: devices.serial,
        pointName: measurementPoints.name,
        pointCompanyId: measurementPoints.companyId,
      })
      .from(components)
      .innerJoin(componentTypes, eq(componentTypes.id, components.typeId))
      .innerJoin(companies, eq(companies.id, componentTypes.companyId))
      .leftJoin(devices, eq(devices.id, components.deviceId))
      .leftJoin(measurementPoints, eq(measurementPoints.id, components.pointId));
  type Joined = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const flatten = ({ component, ...names }: Joined): ComponentRow => ({ ...component, ...names });

  async function list(where: SQL | undefined, query: ComponentListQuery) {
    const term = query.search?.trim();
    const all = and(
      where,
      query.typeId ? eq(components.typeId, query.typeId) : undefined,
      query.state ? eq(components.state, query.state) : undefined,
      query.pointId ? eq(components.pointId, query.pointId) : undefined,
      term ? containsText(components.serial, term) : undefined,
    );
    const column = orderColumns[query.order];
    const base = select()
      .where(all)
      .orderBy(query.dir === 'ASC' ? asc(column) : desc(column), asc(components.id));
    const rows = await paged(base.$dynamic(), query);
    const [total] = await db
      .select({ n: count() })
      .from(components)
      .leftJoin(measurementPoints, eq(measurementPoints.id, components.pointId))
      .where(all);
    return { rows: rows.map(flatten), total: total?.n ?? 0 };
  }

  return {
    /** Company users: the components installed at their company's points. */
    listInCompany: (scope: Scope, query: ComponentListQuery) =>
      list(inCompany(scope, measurementPoints.companyId), query),
    /** Provider staff: every component, stock included. */
    listAcrossCompanies: (query: ComponentListQuery) => list(undefined, query),

    async findAcrossCompanies(id: string): Promise<ComponentRow | undefined> {
      const [row] = await select().where(eq(components.id, id));
      return row && flatten(row);
    },

    async typeById(id: string) {
      const [row] = await db
        .select({
          id: componentTypes.id,
          enabled: componentTypes.enabled,
          dynamicFields: componentTypes.dynamicFields,
        })
        .from(componentTypes)
        .where(eq(componentTypes.id, id));
      return row;
    },

    /** Whether another component of the type already has this serial (case-insensitive). */
    async serialTaken(typeId: string, serial: string, exceptId?: string): Promise<boolean> {
      const rows = await db
        .select({ id: components.id })
        .from(components)
        .where(and(eq(components.typeId, typeId), sql`lower(${components.serial}) = lower(${serial})`));
      return rows.some((r) => r.id !== exceptId);
    },

    async insert(values: ComponentValues & { typeId: string; serial: string }): Promise<string> {
      const [row] = await db.insert(components).values(values).returning({ id: components.id });
      return row!.id;
    },

    async update(id: string, values: ComponentValues): Promise<void> {
      await db
        .update(components)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(components.id, id));
    },

    async remove(id: string): Promise<void> {
      await db.delete(components).where(eq(components.id, id));
    },

    /** A live point by id, whoever owns it: callers ask the access function first. */
    async livePoint(pointId: string) {
      const [row] = await db
        .select({ id: measurementPoints.id, companyId: measurementPoints.companyId })
        .from(measurementPoints)
        .where(and(eq(measurementPoints.id, pointId), isNull(measurementPoints.deletedAt)));
      return row;
    },

    /** The live device currently at the point, if any. */
    async deviceAtPoint(pointId: string) {
      const [row] = await db
        .select({ id: devices.id })
        .from(devices)
        .where(and(eq(devices.measurementPointId, pointId), isNull(devices.deletedAt)))
        .orderBy(desc(devices.updatedAt))
        .limit(1);
      return row;
    },

    /** Other installed components of the type at the point (the ones a forced install replaces). */
    async installedAt(pointId: string, typeId: string, exceptId: string): Promise<string[]> {
      const rows = await db
        .select({ id: components.id })
        .from(components)
        .where(
          and(
            eq(components.pointId, pointId),
            eq(components.typeId, typeId),
            eq(components.state, 'Installed'),
            ne(components.id, exceptId),
          ),
        );
      return rows.map((r) => r.id);
    },
  };
}
export type ComponentsRepository = ReturnType<typeof createComponentsRepository>;
