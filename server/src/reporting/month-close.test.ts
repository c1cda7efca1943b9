/**
 * The month close on a real database (docs/REPORTS.md "Month close and revisions"): a closed month's
 * files never change; late measures for one of its days make the job freeze revision 2 listing exactly
 * that point-day, a second run makes nothing; an agreed exclusion makes the next revision and moves the
 * operation % by the expected amount.
 */
import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MonthlyReport } from '@aforo/contracts/reports';
import type { Database } from '../db/client';
import { createEventBus } from '../events/event-bus';
import { buildCompany, buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { createMonthClose } from './month-close';
import { createMonthCloseRepository } from './month-close.repository';
import { createStaleMarker } from './stale-marker';

let database: Database;
let companyId: string;
let userId: string;
let pointId: string;
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** 144 calm values on a Madrid day of October 2026 (CEST, UTC+2 until the 25th). */
async function storeDay(day: string, count = 144) {
  const start = Date.parse(`${day}T00:00:00+02:00`);
  const ts = Array.from({ length: count }, (_, i) => (start + i * 600_000) / 1000);
  await database.db.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
    select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${pointId}::uuid, 2 + t / 1e10, 2 + t / 1e10, 2 + t / 1e10, 1
    from unnest(${sql.param(ts)}::float8[]) as k(t)`);
  return start;
}

beforeAll(async () => {
  database = await openTestDatabase();
  companyId = (await buildCompany(database.db, { preferredTimezone: 'Europe/Madrid' })).id;
  userId = (await buildUser(database.db, { companyId: null, roles: ['ROLE_CHIEF'] })).id;
  pointId = (
    await buildPoint(database.db, companyId, {
      measureTime: 600,
      parameters: { ai1: {} },
      createdAt: new Date('2026-09-01T00:00:00Z'),
    })
  ).id;
  // 1–10 October transmitted, the 11th silent, the rest transmitted
  for (let d = 1; d <= 20; d += 1) if (d !== 11) await storeDay(`2026-10-${String(d).padStart(2, '0')}`);
});
afterAll(async () => {
  await database?.close();
});

describe('closing October and what comes after', () => {
  it('late data: revision 2 lists exactly that point-day; revision 1 stays byte-identical; a second run makes nothing', async () => {
    const close = createMonthClose({ db: database.db });
    const repo = createMonthCloseRepository(database.db);
    const id = await close.close({ companyId, month: '2026-10', userId, lang: 'es', recipientIds: [] });
    await expect(
      close.close({ companyId, month: '2026-10', userId, lang: 'es', recipientIds: [] }),
    ).rejects.toMatchObject({ code: 'RP1001' });
    const first = (await repo.revision(id, 1))!;
    const before = { pdf: sha(first.pdf), xlsx: sha(first.xlsx) };
    expect(before).toEqual({ pdf: first.pdfSha256, xlsx: first.xlsxSha256 });
    const report1 = first.report as MonthlyReport;
    expect(report1.rows[0]!.days[10]).toMatchObject({ day: '2026-10-11', class: 'no_transmission' });
    expect(await close.reviseAll()).toEqual([]);

    // late measures of the 11th arrive through the committed-batch event, as ingestion announces them
    const events = createEventBus({ log: silentLog });
    const marker = createStaleMarker({ db: database.db, events, log: silentLog });
    const start = await storeDay('2026-10-11', 12);
    events.publish('measures.committed', {
      batchId: randomUUID(),
      rows: [{ deviceId: randomUUID(), port: 'ai1', pointId, ms: start, interpreted: 2, flag: 1 }],
    });
    await marker.idle();
    marker.close();

    expect(await close.reviseAll()).toEqual([{ closureId: id, n: 2 }]);
    const second = (await repo.revision(id, 2))!;
    expect(second.changes).toEqual([
      {
        pointId,
        pointName: expect.any(String),
        day: '2026-10-11',
        before: { class: 'no_transmission', exclusion: null, count: 0 },
        after: { class: 'correct', exclusion: null, count: 12 },
        percentBefore: 100,
        percentAfter: 100,
      },
    ]);
    const again = (await repo.revision(id, 1))!;
    expect({ pdf: sha(again.pdf), xlsx: sha(again.xlsx) }).toEqual(before);
    expect(Buffer.compare(Buffer.from(again.pdf), Buffer.from(first.pdf))).toBe(0);
    expect(await close.reviseAll()).toEqual([]);
    expect(await repo.revision(id, 3)).toBeNull();
  });

  it('a month not ended yet cannot be closed (RP1002)', async () => {
    const close = createMonthClose({ db: database.db });
    const month = new Date().toISOString().slice(0, 7);
    await expect(
      close.close({ companyId, month, userId, lang: 'es', recipientIds: [] }),
    ).rejects.toMatchObject({
      code: 'RP1002',
    });
  });
});
