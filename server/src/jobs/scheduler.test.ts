/**
 * The job scheduler: one run per tick however many schedulers (processes) run the job, never two
 * runs at once on PostgreSQL, a failing run keeps its schedule, stop() waits for a running job.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '../db/client';
import { silentLog } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { lastRun } from './job-runs.repository';
import { createScheduler, tickAt, type Job, type Scheduler } from './scheduler';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const jobName = (what: string) => `${what}-${randomBytes(3).toString('hex')}`;

let database: Database;
/** A second pool: the other process (the same one on PGlite, which allows a single process). */
let other: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  other = database.url ? await openDatabase({ url: database.url, poolSize: 2 }) : database;
});
afterAll(async () => {
  if (other !== database) await other?.close();
  await database?.close();
});

describe('ticks', () => {
  it('aligns intervals to the epoch and daily jobs to their UTC time', () => {
    const at = Date.parse('2026-03-10T10:17:42.500Z');
    expect(new Date(tickAt({ every: 60_000 }, at)).toISOString()).toBe('2026-03-10T10:17:00.000Z');
    expect(new Date(tickAt({ dailyAt: '03:30' }, at)).toISOString()).toBe('2026-03-10T03:30:00.000Z');
    expect(new Date(tickAt({ dailyAt: '23:00' }, at)).toISOString()).toBe('2026-03-09T23:00:00.000Z');
    expect(() => tickAt({ dailyAt: '24:00' }, at)).toThrow(/HH:MM/);
  });
});

describe('across processes', () => {
  it('runs each tick once when two schedulers run the same job', async () => {
    const runs = new Map<number, number>();
    const name = jobName('shared');
    const job = (): Job => ({
      name,
      schedule: { every: 400 },
      run: async (tick) => {
        runs.set(tick.getTime(), (runs.get(tick.getTime()) ?? 0) + 1);
        await sleep(30);
      },
    });
    // the other's clock runs 150 ms late: it tries each tick after the first one's run has ended
    const schedulers = [
      createScheduler({ database, log: silentLog }),
      createScheduler({ database: other, log: silentLog, now: () => Date.now() - 150 }),
    ];
    schedulers.forEach((s) => s.add(job()));
    await Promise.all(schedulers.map((s) => s.start()));
    await sleep(3_000);
    await Promise.all(schedulers.map((s) => s.stop()));
    expect(runs.size).toBeGreaterThanOrEqual(4);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
  });

  it.skipIf(!onPostgres)(
    'never runs a job twice at once, even when a run outlasts its interval',
    async () => {
      let active = 0;
      let most = 0;
      let count = 0;
      const name = jobName('slow');
      const job = (): Job => ({
        name,
        schedule: { every: 200 },
        run: async () => {
          active += 1;
          count += 1;
          most = Math.max(most, active);
          await sleep(500);
          active -= 1;
        },
      });
      const schedulers = [database, other].map((db) => createScheduler({ database: db, log: silentLog }));
      schedulers.forEach((s) => s.add(job()));
      await Promise.all(schedulers.map((s) => s.start()));
      await sleep(2_500);
      await Promise.all(schedulers.map((s) => s.stop()));
      expect(count).toBeGreaterThanOrEqual(2);
      expect(most).toBe(1);
    },
  );
});

describe('one scheduler', () => {
  it('logs a failing run, records it and keeps the schedule', async () => {
    const log = { ...silentLog, debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const name = jobName('failing');
    let calls = 0;
    const scheduler = createScheduler({ database, log });
    scheduler.add({
      name,
      schedule: { every: 300 },
      run: async () => {
        calls += 1;
        throw new Error(`broken run ${calls}`);
      },
    });
    await scheduler.start();
    await sleep(1_500);
    await scheduler.stop();
    expect(calls).toBeGreaterThanOrEqual(3);
    expect(log.error).toHaveBeenCalledWith(expect.objectContaining({ job: name }), 'job failed');
    expect(await lastRun(database.db, name)).toMatchObject({ error: `broken run ${calls}` });
  });

  it('stop() waits for the running job and starts no other', async () => {
    let started = 0;
    let finished = 0;
    const scheduler: Scheduler = createScheduler({ database, log: silentLog });
    scheduler.add({
      name: jobName('long'),
      schedule: { every: 100 },
      run: async () => {
        started += 1;
        await sleep(400);
        finished += 1;
      },
    });
    void scheduler.start();
    while (started === 0) await sleep(10);
    await scheduler.stop();
    expect(finished).toBe(started);
    await sleep(300);
    expect(started).toBe(finished);
  });

  it('catches up a missed tick at start, once; a runAtStart job runs at every start', async () => {
    const ran = { daily: 0, setUp: 0 };
    const startOnce = async () => {
      const scheduler = createScheduler({ database, log: silentLog });
      scheduler.add({ name: daily, schedule: { dailyAt: '00:00' }, run: async () => void (ran.daily += 1) });
      scheduler.add({
        name: setUp,
        schedule: { dailyAt: '00:00' },
        runAtStart: true,
        run: async () => void (ran.setUp += 1),
      });
      await scheduler.start();
      await scheduler.stop();
    };
    const daily = jobName('daily');
    const setUp = jobName('set-up');
    await startOnce();
    await startOnce();
    expect(ran).toEqual({ daily: 1, setUp: 2 });
  });
});
