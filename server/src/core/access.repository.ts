/** The SQL behind the one access function: which of some point or device ids a caller may see. */
import { and, eq, inArray, isNotNull, isNull, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import {
  companies,
  components,
  componentTypes,
  devices,
  layerPoints,
  layers,
  measurementPoints,
  userProfiles,
  users,
} from '../db/schema';
import type { Caller } from './request-context';

const none = '00000000-0000-0000-0000-000000000000';

/**
 * The condition on measurement_points for a caller, or null when it sees every point: lists add it to
 * their filters, so a list shows exactly the points a read by id would let through.
 */
export function pointCondition(db: Db, caller: Caller): SQL | null {
  switch (caller.kind) {
    case 'system':
      return null;
    // points belong to the current company for everyone, provider staff included (docs/ROLES.md)
    case 'user':
      return eq(measurementPoints.companyId, caller.companyId ?? none);
    // only what the company marked public, never a deleted point nor one in test
    case 'public':
      return and(
        eq(measurementPoints.companyId, caller.companyId),
        eq(measurementPoints.public, true),
        eq(measurementPoints.test, false),
        isNull(measurementPoints.deletedAt),
      )!;
    case 'apiToken': {
      const inCompany = eq(measurementPoints.companyId, caller.companyId);
      if (caller.layerIds === null) return inCompany;
      const inLayers = db
        .select({ id: layerPoints.pointId })
        .from(layerPoints)
        .where(inArray(layerPoints.layerId, caller.layerIds.length ? caller.layerIds : [none]));
      return and(inCompany, inArray(measurementPoints.id, inLayers))!;
    }
  }
}

/**
 * The component types a company may use: its own and the provider company's, which are shared with
 * every company. Provider staff see them through their current company like everyone else.
 */
export function componentTypesOfCompany(db: Db, companyId: string | null): SQL {
  const providers = db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.isProvider, true), isNull(companies.deletedAt)));
  return or(eq(componentTypes.companyId, companyId ?? none), inArray(componentTypes.companyId, providers))!;
}

export function createAccessRepository(db: Db) {
  /** Items only users reach: provider staff and the system all of them, a company user those whose
   * `link` falls in what `ofCompany` selects for their company; tokens and the public none. */
  async function staffOrCompany(
    caller: Caller,
    id: PgColumn,
    link: PgColumn,
    ofCompany: (companyId: string) => SQLWrapper,
    ids: string[],
  ): Promise<string[]> {
    if (ids.length === 0 || caller.kind === 'public' || caller.kind === 'apiToken') return [];
    const byId = inArray(id, ids);
    const where =
      caller.kind === 'system' || caller.isGlobal
        ? byId
        : and(byId, inArray(link, ofCompany(caller.companyId ?? none)));
    const rows = await db.select({ id }).from(id.table).where(where);
    return rows.map((r) => r.id as string);
  }

  return {
    async visiblePointIds(caller: Caller, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const condition = pointCondition(db, caller);
      const rows = await db
        .select({ id: measurementPoints.id })
        .from(measurementPoints)
        .where(and(inArray(measurementPoints.id, ids), ...(condition ? [condition] : [])));
      return rows.map((r) => r.id);
    },

    async visibleDeviceIds(caller: Caller, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const byId = inArray(devices.id, ids);
      let where: SQL;
      switch (caller.kind) {
        case 'system':
          where = byId;
          break;
        // provider staff reach every device, stock without company included
        case 'user':
          where = caller.isGlobal ? byId : and(byId, eq(devices.companyId, caller.companyId ?? none))!;
          break;
        // the public dashboard shows points, never devices
        case 'public':
          return [];
        // a token reaches the devices installed at the points it may read
        case 'apiToken': {
          const points = db
            .select({ id: measurementPoints.id })
            .from(measurementPoints)
            .where(pointCondition(db, caller)!);
          where = and(
            byId,
            isNotNull(devices.measurementPointId),
            inArray(devices.measurementPointId, points),
          )!;
          break;
        }
      }
      const rows = await db.select({ id: devices.id }).from(devices).where(where);
      return rows.map((r) => r.id);
    },
    /** Provider staff reach every component; company users those at their company's points. */
    async visibleComponentIds(caller: Caller, ids: string[]): Promise<string[]> {
      const companyPoints = (companyId: string) =>
        db
          .select({ id: measurementPoints.id })
          .from(measurementPoints)
          .where(eq(measurementPoints.companyId, companyId));
      return staffOrCompany(caller, components.id, components.pointId, companyPoints, ids);
    },

    /** Users reach the types of their current company and the provider's; the system every one. */
    async visibleComponentTypeIds(caller: Caller, ids: string[]): Promise<string[]> {
      if (ids.length === 0 || caller.kind === 'public' || caller.kind === 'apiToken') return [];
      const byId = inArray(componentTypes.id, ids);
      const where =
        caller.kind === 'system' ? byId : and(byId, componentTypesOfCompany(db, caller.companyId));
      const rows = await db.select({ id: componentTypes.id }).from(componentTypes).where(where);
      return rows.map((r) => r.id);
    },

    /** Layers belong to the current company for everyone; a token reaches its own layers. */
    async visibleLayerIds(caller: Caller, ids: string[]): Promise<string[]> {
      if (ids.length === 0) return [];
      const byId = inArray(layers.id, ids);
      let where: SQL;
      switch (caller.kind) {
        case 'system':
          where = byId;
          break;
        case 'public':
          return [];
        case 'user':
          where = and(byId, eq(layers.companyId, caller.companyId ?? none))!;
          break;
        case 'apiToken':
          where = and(
            byId,
            eq(layers.companyId, caller.companyId),
            ...(caller.layerIds === null
              ? []
              : [inArray(layers.id, caller.layerIds.length ? caller.layerIds : [none])]),
          )!;
          break;
      }
      const rows = await db.select({ id: layers.id }).from(layers).where(where);
      return rows.map((r) => r.id);
    },

    /** Provider staff reach every user; a company user those holding a profile in their company. */
    async visibleUserIds(caller: Caller, ids: string[]): Promise<string[]> {
      const companyUsers = (companyId: string) =>
        db
          .select({ id: userProfiles.userId })
          .from(userProfiles)
          .where(eq(userProfiles.companyId, companyId));
      return staffOrCompany(caller, users.id, users.id, companyUsers, ids);
    },
  };
}
