/**
 * The names the history of changes shows instead of ids (issue 22 item 8): the changed item's and those
 * of the items its changes refer to, read in ONE query for a whole page, and only those the caller may
 * read — a company user never learns a name of another company's item, even from its own entries.
 */
import { and, eq, exists, inArray, sql, type SQL } from 'drizzle-orm';
import { unionAll, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { componentTypesOfCompany } from '../../core/access.repository';
import type { Db } from '../../db/client';
import {
  alerts,
  billingPlans,
  brands,
  companies,
  components,
  componentTypes,
  countries,
  devices,
  firmwares,
  layers,
  measurementPoints,
  models,
  networks,
  notificationConfigs,
  products,
  userProfiles,
  users,
} from '../../db/schema';
import { nobody } from '../../db/scope';

/** The kinds of item a name is read for: the history's entity types that have one. */
export type NamedType =
  | 'user'
  | 'company'
  | 'country'
  | 'billing_plan'
  | 'brand'
  | 'model'
  | 'product'
  | 'firmware'
  | 'network'
  | 'device'
  | 'component_type'
  | 'component'
  | 'point'
  | 'layer'
  | 'alert'
  | 'notification_config';

/** Who reads: provider staff (every name) or a company's users (only their company's items). */
export interface NameReader {
  isGlobal: boolean;
  companyId: string | null;
}

/** A name to read: `${type}:${id}` keys the answer. */
export interface NameRef {
  type: NamedType;
  id: string;
}

export const nameKey = (type: string, id: string) => `${type}:${id}`;

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Source {
  table: PgTable;
  id: PgColumn;
  name: SQL;
  /** The condition for a company user of `companyId`; absent: a catalogue item, named for everyone. */
  ofCompany?: (db: Db, companyId: string) => SQL;
  /** A join the name needs (an alert is named by its point). */
  join?: { table: PgTable; on: SQL };
}

const sources: Record<NamedType, Source> = {
  point: {
    table: measurementPoints,
    id: measurementPoints.id,
    name: sql`${measurementPoints.name}`,
    ofCompany: (_db, c) => eq(measurementPoints.companyId, c),
  },
  device: {
    table: devices,
    id: devices.id,
    name: sql`${devices.serial}`,
    ofCompany: (_db, c) => eq(devices.companyId, c),
  },
  component: {
    table: components,
    id: components.id,
    name: sql`${components.serial}`,
    // a component is the company's while it sits at one of the company's points (core/access.ts)
    ofCompany: (db, c) =>
      inArray(
        components.pointId,
        db
          .select({ id: measurementPoints.id })
          .from(measurementPoints)
          .where(eq(measurementPoints.companyId, c)),
      ),
  },
  component_type: {
    table: componentTypes,
    id: componentTypes.id,
    name: sql`${componentTypes.name}`,
    ofCompany: (db, c) => componentTypesOfCompany(db, c),
  },
  layer: {
    table: layers,
    id: layers.id,
    name: sql`${layers.name}`,
    ofCompany: (_db, c) => eq(layers.companyId, c),
  },
  alert: {
    table: alerts,
    id: alerts.id,
    name: sql`${measurementPoints.name}`,
    join: { table: measurementPoints, on: eq(measurementPoints.id, alerts.pointId) },
    ofCompany: (_db, c) => eq(alerts.companyId, c),
  },
  notification_config: {
    table: notificationConfigs,
    id: notificationConfigs.id,
    name: sql`${notificationConfigs.name}`,
    ofCompany: (_db, c) => eq(notificationConfigs.companyId, c),
  },
  user: {
    table: users,
    id: users.id,
    name: sql`trim(${users.name} || ' ' || ${users.surname})`,
    // a user with a profile in the company, as GET /api/users/{id} lets a company user see
    ofCompany: (db, c) =>
      exists(
        db
          .select({ one: sql`1` })
          .from(userProfiles)
          .where(and(eq(userProfiles.userId, users.id), eq(userProfiles.companyId, c))),
      ),
  },
  company: {
    table: companies,
    id: companies.id,
    name: sql`${companies.businessName}`,
    ofCompany: (_db, c) => eq(companies.id, c),
  },
  // the catalogue is nobody's: every user reads these names on their own devices and companies
  country: { table: countries, id: countries.id, name: sql`${countries.name}` },
  billing_plan: { table: billingPlans, id: billingPlans.id, name: sql`${billingPlans.name}` },
  brand: { table: brands, id: brands.id, name: sql`${brands.abbreviation}` },
  model: { table: models, id: models.id, name: sql`${models.name}` },
  product: { table: products, id: products.id, name: sql`${products.name}` },
  firmware: { table: firmwares, id: firmwares.id, name: sql`${firmwares.version}` },
  network: { table: networks, id: networks.id, name: sql`${networks.name}` },
};

export const namedTypes = Object.keys(sources) as NamedType[];

export function isNamedType(type: string): type is NamedType {
  return Object.prototype.hasOwnProperty.call(sources, type);
}

export function createLogEntryNamesRepository(db: Db) {
  function branch(reader: NameReader, type: NamedType, ids: string[]) {
    const source = sources[type];
    const scope =
      reader.isGlobal || !source.ofCompany ? undefined : source.ofCompany(db, reader.companyId ?? nobody);
    const base = db
      .select({
        type: sql<string>`${type}::text`.as('type'),
        id: sql<string>`${source.id}::text`.as('id'),
        name: source.name.mapWith(String).as('name'),
      })
      .from(source.table);
    const joined = source.join ? base.innerJoin(source.join.table, source.join.on) : base;
    return joined.where(and(inArray(source.id, ids), scope));
  }

  return {
    /** `${type}:${id}` → name, for the refs the reader may read; one statement for all of them. */
    async names(reader: NameReader, refs: readonly NameRef[]): Promise<Map<string, string>> {
      const byType = new Map<NamedType, Set<string>>();
      for (const ref of refs) {
        // entity ids are text in the history: only a uuid can name a row
        if (!uuidPattern.test(ref.id)) continue;
        const ids = byType.get(ref.type) ?? new Set<string>();
        byType.set(ref.type, ids.add(ref.id.toLowerCase()));
      }
      const branches = [...byType].map(([type, ids]) => branch(reader, type, [...ids]));
      if (branches.length === 0) return new Map();
      const [first, second, ...rest] = branches;
      const rows = second ? await unionAll(first!, second, ...rest) : await first!;
      return new Map(rows.map((row) => [nameKey(row.type, row.id), row.name]));
    },
  };
}
export type LogEntryNamesRepository = ReturnType<typeof createLogEntryNamesRepository>;
