/** Which companies a network list reads, per caller; and what the scope helpers make of it on a real database. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { companyIs, inCompany } from '../db/scope';
import { measurementPoints } from '../db/schema';
import { buildCompany, buildPoint } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import type { Caller } from './caller';
import { ForbiddenError, ValidationError } from './errors';
import { networkViewer } from './network-scope';
import { callerContext, systemContext } from './request-context';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const user = (isGlobal: boolean): Caller => ({
  kind: 'user',
  userId: '33333333-3333-4333-8333-333333333333',
  email: 'u@test.aforo.dev',
  state: 'Active',
  profiles: [],
  roles: [],
  companyId: a,
  isGlobal,
});

describe('networkViewer', () => {
  it('reads the current company without scope', () => {
    expect(networkViewer(callerContext(user(true), a, 'es'), {})).toMatchObject({ companyId: a });
    expect(networkViewer(callerContext(user(false), a, 'es'), {}).everyCompany).toBeUndefined();
  });

  it('reads every company for provider staff and the system with scope=all', () => {
    expect(networkViewer(callerContext(user(true), a, 'es'), { scope: 'all' })).toEqual({
      companyId: null,
      everyCompany: true,
      userId: '33333333-3333-4333-8333-333333333333',
    });
    expect(networkViewer(systemContext('test', null), { scope: 'all' }).everyCompany).toBe(true);
  });

  it('narrows the network view to one company', () => {
    const viewer = networkViewer(callerContext(user(true), a, 'es'), { scope: 'all', companyId: b });
    expect(viewer).toMatchObject({ companyId: b });
    expect(viewer.everyCompany).toBeUndefined();
  });

  it('refuses scope=all to a client user, and companyId without scope', () => {
    expect(() => networkViewer(callerContext(user(false), a, 'es'), { scope: 'all' })).toThrow(
      ForbiddenError,
    );
    expect(() => networkViewer(callerContext(user(false), a, 'es'), { companyId: b })).toThrow(
      ValidationError,
    );
    const spectator: Caller = { kind: 'public', companyId: a };
    expect(() => networkViewer(callerContext(spectator, a, 'es'), { scope: 'all' })).toThrow(ForbiddenError);
  });
});

describe('inCompany and companyIs', () => {
  let database: Database;
  let one: string;
  let two: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    one = (await buildCompany(database.db, { businessName: 'Una' })).id;
    two = (await buildCompany(database.db, { businessName: 'Otra' })).id;
    await buildPoint(database.db, one, { name: 'P1' });
    await buildPoint(database.db, two, { name: 'P2' });
  });
  afterAll(() => database.close());

  const names = async (condition: ReturnType<typeof inCompany>) =>
    (await database.db.select({ name: measurementPoints.name }).from(measurementPoints).where(condition))
      .map((r) => r.name)
      .filter((n) => n === 'P1' || n === 'P2')
      .sort();

  it('every company, one company, or nothing', async () => {
    expect(
      await names(inCompany({ companyId: null, everyCompany: true }, measurementPoints.companyId)),
    ).toEqual(['P1', 'P2']);
    expect(await names(inCompany({ companyId: one }, measurementPoints.companyId))).toEqual(['P1']);
    expect(await names(inCompany({ companyId: null }, measurementPoints.companyId))).toEqual([]);
    expect(await names(companyIs({ companyId: null, everyCompany: true }, sql`company_id`))).toEqual([
      'P1',
      'P2',
    ]);
    expect(await names(companyIs({ companyId: two }, sql`company_id`))).toEqual(['P2']);
    expect(await names(companyIs({ companyId: null }, sql`company_id`))).toEqual([]);
  });
});
