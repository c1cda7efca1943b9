/**
 * The issue-11 data migrations, run as they are: a database migrated up to just before them gets
 * the free-text units, magnitudes and measure types older versions let in, then the rest migrates.
 */
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { componentMagnitudes, measureTypes } from '@aforo/contracts/component-types';
import { unitSymbols } from '@aforo/contracts/units';
import { adminClient } from '../test/database-names';
import { migrationsFolder, openDatabase, type Database } from './client';

const firstNew = '20261124113721_point_units';

/** A copy of drizzle/ whose journal stops before `tag`. */
function foldersUpTo(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  for (const file of readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql')))
    copyFileSync(path.join(migrationsFolder, file), path.join(dir, file));
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return dir;
}

let database: Database;
let dropDatabase = async () => {};
let oldFolder: string;

async function migrateWith(folder: string) {
  if (database.kind === 'pglite')
    await migrateLite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  else await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
}

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

beforeAll(async () => {
  oldFolder = foldersUpTo(firstNew);
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `${new URL(url).pathname.slice(1) || 'test'}_mig_${randomBytes(4).toString('hex')}`;
    const admin = await adminClient(url);
    await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
    const target = new URL(url);
    target.pathname = `/${name}`;
    database = await openDatabase({ url: target.toString(), poolSize: 1 });
    dropDatabase = async () => {
      const dropper = await adminClient(url);
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
    };
  } else database = await openDatabase({});
  await migrateWith(oldFolder);
});
afterAll(async () => {
  await database.close();
  await dropDatabase();
  rmSync(oldFolder, { recursive: true, force: true });
});

const legacyUnits: Record<string, string> = {
  M: 'm',
  ' l/s ': 'L/s',
  mca: 'mH₂O',
  'M.C.A.': 'mH₂O',
  mH2O: 'mH₂O',
  'mm/10 min': 'mm/10min',
  'MM / 15MIN': 'mm/15min',
  'm3/s': 'm³/s',
  hPa: 'mbar',
  Metros: 'm',
  'm/s2': 'm/s²',
  lpm: 'L/min',
};
const unmappableUnits = ['furlongs', 'ºC', ''];

const legacyTypes = [
  { name: 'Sonda', magnitude: 'Nivel', measureType: 'Presión', expected: ['level', 'pressure'] },
  {
    name: 'Caudalímetro',
    magnitude: 'caudal',
    measureType: 'Electromagnético',
    expected: ['flow_rate', 'electromagnetic'],
  },
  { name: 'Transmisor', magnitude: 'LEVEL', measureType: '4-20 mA', expected: ['level', 'current_4_20'] },
  {
    name: 'Pluviómetro',
    magnitude: 'Precipitación',
    measureType: 'balancín',
    expected: ['precipitation', 'tipping_bucket'],
  },
  { name: 'Termómetro', magnitude: 'Temperatura', measureType: 'Radar', expected: ['level', 'radar'] },
  { name: 'Láser', magnitude: 'Distancia', measureType: 'Láser', expected: ['distance', 'other'] },
  { name: 'Raro', magnitude: 'xyz', measureType: 'abc', expected: ['level', 'other'] },
];

describe('issue-11 catalogue migrations', () => {
  let provider: string;
  let client: string;
  const pointIds = new Map<string, string>();
  const typeIds = new Map<string, string>();

  beforeAll(async () => {
    const insertCompany = async (name: string, isProvider: boolean) =>
      (
        await rows<{ id: string }>(
          sql`insert into companies (business_name, is_provider) values (${name}, ${isProvider}) returning id`,
        )
      )[0]!.id;
    provider = await insertCompany('Proveedor', true);
    client = await insertCompany('Cliente', false);
    const units = [
      ...Object.keys(legacyUnits),
      ...unmappableUnits,
      ...unitSymbols,
      ...unitSymbols.map((s) => ` ${s.toUpperCase()} `),
    ];
    for (const [i, unit] of units.entries()) {
      const [row] = await rows<{ id: string }>(sql`
        insert into measurement_points (company_id, name, latitude, longitude, kind, measure_time, transmission_time, unit)
        values (${client}, ${`P${i}`}, 41, -1, 'river', 900, 3600, ${unit}) returning id`);
      pointIds.set(unit, row!.id);
    }
    const types = [
      ...legacyTypes,
      ...componentMagnitudes.map((m, i) => ({
        name: `Mag ${m}`,
        magnitude: m,
        measureType: measureTypes[i % measureTypes.length]!,
      })),
      ...measureTypes.map((t) => ({ name: `Med ${t}`, magnitude: 'level', measureType: t })),
    ];
    for (const type of types) {
      const [row] = await rows<{ id: string }>(sql`
        insert into component_types (name, magnitude, measure_type)
        values (${type.name}, ${type.magnitude}, ${type.measureType}) returning id`);
      typeIds.set(type.name, row!.id);
    }
    await migrateWith(migrationsFolder);
  });

  const unitOf = async (id: string) =>
    (await rows<{ unit: string }>(sql`select unit from measurement_points where id = ${id}`))[0]!.unit;
  const entriesOf = (entityType: string, id: string) =>
    rows<{ user_id: string | null; company_id: string; action: string; changes: unknown }>(
      sql`select user_id, company_id, action, changes from log_entries where entity_type = ${entityType} and entity_id = ${id}`,
    );

  it('maps free-text units to catalogue symbols ignoring case and spaces, without history entries', async () => {
    for (const [legacy, symbol] of Object.entries(legacyUnits)) {
      expect([legacy, await unitOf(pointIds.get(legacy)!)]).toEqual([legacy, symbol]);
      expect(await entriesOf('point', pointIds.get(legacy)!)).toEqual([]);
    }
  });

  it('keeps every catalogue symbol, also written in capitals with spaces around', async () => {
    for (const symbol of unitSymbols) {
      expect(await unitOf(pointIds.get(symbol)!)).toBe(symbol);
      expect(await unitOf(pointIds.get(` ${symbol.toUpperCase()} `)!)).toBe(symbol);
    }
  });

  it("turns an unmappable unit into 'm' and names the old one in the history of changes", async () => {
    for (const legacy of unmappableUnits) {
      const id = pointIds.get(legacy)!;
      expect(await unitOf(id)).toBe('m');
      expect(await entriesOf('point', id)).toEqual([
        { user_id: null, company_id: client, action: 'migrate', changes: { unit: [legacy, 'm'] } },
      ]);
    }
  });

  it('gives every existing component type to the provider company', async () => {
    const owners = await rows<{ company_id: string }>(sql`select distinct company_id from component_types`);
    expect(owners).toEqual([{ company_id: provider }]);
  });

  it('maps magnitudes and measure types to the lists; defaults leave a history entry', async () => {
    for (const type of legacyTypes) {
      const id = typeIds.get(type.name)!;
      const [row] = await rows<{ magnitude: string; measure_type: string }>(
        sql`select magnitude, measure_type from component_types where id = ${id}`,
      );
      expect([type.name, row!.magnitude, row!.measure_type]).toEqual([type.name, ...type.expected]);
      const changes: Record<string, [string, string]> = {};
      if (type.expected[0] === 'level' && !/nivel|level/i.test(type.magnitude))
        changes.magnitude = [type.magnitude, 'level'];
      if (type.expected[1] === 'other') changes.measureType = [type.measureType, 'other'];
      const expected =
        Object.keys(changes).length === 0
          ? []
          : [{ user_id: null, company_id: provider, action: 'migrate', changes }];
      expect(await entriesOf('component_type', id)).toEqual(expected);
    }
  });

  it('keeps every key of the lists as it is', async () => {
    for (const magnitude of componentMagnitudes) {
      const [row] = await rows<{ magnitude: string }>(
        sql`select magnitude from component_types where id = ${typeIds.get(`Mag ${magnitude}`)!}`,
      );
      expect(row!.magnitude).toBe(magnitude);
    }
    for (const measureType of measureTypes) {
      const [row] = await rows<{ measure_type: string }>(
        sql`select measure_type from component_types where id = ${typeIds.get(`Med ${measureType}`)!}`,
      );
      expect(row!.measure_type).toBe(measureType);
    }
    const entries = await rows<{ n: number }>(
      sql`select count(*)::int as n from log_entries where entity_type = 'component_type' and action = 'migrate'`,
    );
    expect(entries[0]!.n).toBe(3);
  });
});
