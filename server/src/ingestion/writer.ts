/**
 * The batch writer (DESIGN.md §6 write path). Prepared messages queue here; a flush writes all of
 * them in one transaction — measures with one multi-row statement that also moves series_latest,
 * then refusals and events — and only after COMMIT does each message get its acknowledgement, so a
 * device never hears "stored" for something a crash could lose. Duplicates are found by the
 * primary key (ON CONFLICT DO NOTHING … RETURNING), never by a read before the write.
 *
 * Batching is self-timed: when no flush is running the queue is written at once (low latency when
 * quiet); while one runs, messages pile up and go in the next, bigger, batch (throughput under load).
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Db } from '../db/client';
import type { FailedRow, Prepared } from './pipeline';

export interface Ack {
  msg_seq: number | null;
  accepted: number;
  duplicates: number;
  rejected: Array<{ i: number; reason: string }>;
  /** The reason when the whole message was refused. */
  error?: string;
}

interface Job {
  prepared: Prepared;
  resolve(ack: Ack): void;
  reject(err: unknown): void;
}

export interface WriterOptions {
  /** Rows per flush at most (measures); a message is never split. */
  maxRows?: number;
  /** Flushes running at once (PGlite has one connection: 1). */
  concurrency?: number;
}

const p = sql.param;
const keyOf = (deviceId: string, port: string, epoch: number) => `${deviceId}|${port}|${Math.round(epoch * 1000)}`;

async function insertMeasures(tx: Db, jobs: Job[]): Promise<Set<string>> {
  const cols = {
    device: [] as string[],
    port: [] as string[],
    epoch: [] as number[],
    point: [] as (string | null)[],
    direct: [] as number[],
    adjusted: [] as number[],
    interpreted: [] as (number | null)[],
    flag: [] as number[],
    topic: [] as (string | null)[],
  };
  for (const { prepared } of jobs)
    for (const m of prepared.measures) {
      cols.device.push(m.deviceId);
      cols.port.push(m.port);
      cols.epoch.push(m.epoch);
      cols.point.push(m.pointId);
      cols.direct.push(m.direct);
      cols.adjusted.push(m.adjusted);
      cols.interpreted.push(m.interpreted);
      cols.flag.push(m.flag);
      cols.topic.push(m.topic);
    }
  if (cols.device.length === 0) return new Set();
  // one statement: the rows, the duplicates they hit, and the newest value of each series
  const result = await tx.execute(sql`
    with input as (
      select * from unnest(${p(cols.device)}::uuid[], ${p(cols.port)}::text[], ${p(cols.epoch)}::float8[],
        ${p(cols.point)}::uuid[], ${p(cols.direct)}::float8[], ${p(cols.adjusted)}::float8[],
        ${p(cols.interpreted)}::float8[], ${p(cols.flag)}::int2[], ${p(cols.topic)}::text[])
        as t(device_id, port, epoch, point_id, direct, adjusted, interpreted, flag, topic)
    ), ins as (
      insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag, topic)
      select device_id, port, to_timestamp(epoch), point_id, direct, adjusted, interpreted, flag, topic from input
      on conflict do nothing
      returning device_id, port, ts, point_id, direct, interpreted, flag
    ), latest as (
      insert into series_latest (point_id, port, device_id, ts, direct, interpreted, flag, updated_at)
      select distinct on (point_id, port) point_id, port, device_id, ts, direct, interpreted, flag, now()
      from ins where point_id is not null
      order by point_id, port, ts desc
      on conflict (point_id, port) do update set device_id = excluded.device_id, ts = excluded.ts,
        direct = excluded.direct, interpreted = excluded.interpreted, flag = excluded.flag,
        updated_at = excluded.updated_at
      where excluded.ts >= series_latest.ts
    )
    select device_id, port, extract(epoch from ts)::float8 as epoch from ins`);
  const rows = (result as unknown as { rows: { device_id: string; port: string; epoch: number }[] }).rows;
  return new Set(rows.map((r) => keyOf(r.device_id, r.port, r.epoch)));
}

async function insertFailures(tx: Db, rows: FailedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into failed_measures (received_at, topic, serial, reason, detail, payload, measure_index)
    select to_timestamp(r), topic, serial, reason, detail, payload, idx from unnest(
      ${p(rows.map((f) => f.receivedAt.getTime() / 1000))}::float8[], ${p(rows.map((f) => f.topic))}::text[],
      ${p(rows.map((f) => f.serial))}::text[], ${p(rows.map((f) => f.reason))}::text[],
      ${p(rows.map((f) => f.detail))}::text[], ${p(rows.map((f) => f.payload))}::text[],
      ${p(rows.map((f) => f.measureIndex))}::int[]) as t(r, topic, serial, reason, detail, payload, idx)`);
}

async function insertEvents(tx: Db, jobs: Job[]): Promise<void> {
  const rows = jobs.flatMap((j) => j.prepared.events);
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into events (device_id, type, message, ts)
    select device_id, type, message, to_timestamp(epoch) from unnest(
      ${p(rows.map((e) => e.deviceId))}::uuid[], ${p(rows.map((e) => e.type))}::text[],
      ${p(rows.map((e) => e.message))}::text[], ${p(rows.map((e) => e.epoch))}::float8[])
      as t(device_id, type, message, epoch)`);
}

/** Writes jobs in one transaction and returns each one's acknowledgement. */
async function writeBatch(db: Db, jobs: Job[]): Promise<Ack[]> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    const stored = await insertMeasures(tx, jobs);
    const failures: FailedRow[] = [];
    const acks = jobs.map(({ prepared }) => {
      failures.push(...prepared.failures);
      const rejected = [...prepared.rejected];
      let accepted = 0;
      let duplicates = 0;
      for (const m of prepared.measures) {
        const key = keyOf(m.deviceId, m.port, m.epoch);
        // a key counts once: the same (device, port, t) in two messages of one batch is a duplicate too
        if (stored.delete(key)) {
          accepted += 1;
          continue;
        }
        duplicates += 1;
        rejected.push({ i: m.index, reason: 'duplicated measure' });
        failures.push({
          receivedAt: new Date(),
          topic: m.topic,
          serial: prepared.serial,
          reason: 'duplicated measure',
          detail: `${prepared.msgSeq === null ? '' : `msg_seq ${prepared.msgSeq}: `}${m.port} at ${new Date(m.epoch * 1000).toISOString()} is already stored`,
          payload: JSON.stringify({ port: m.port, t: m.epoch, v: m.direct }),
          measureIndex: m.index,
        });
      }
      const ack: Ack = { msg_seq: prepared.msgSeq, accepted, duplicates, rejected: rejected.sort((a, b) => a.i - b.i) };
      if (prepared.error) ack.error = prepared.error;
      return ack;
    });
    await insertFailures(tx, failures);
    await insertEvents(tx, jobs);
    return acks;
  });
}

export function createBatchWriter(database: Database, log: Logger, options: WriterOptions = {}) {
  const maxRows = options.maxRows ?? 5000;
  const concurrency = options.concurrency ?? (database.kind === 'pglite' ? 1 : 2);
  let queue: Job[] = [];
  let queuedRows = 0;
  let running = 0;
  let scheduled = false;
  let idle: Array<() => void> = [];
  let committed = 0;

  function take(): Job[] {
    const batch: Job[] = [];
    let rows = 0;
    while (queue.length > 0) {
      const n = queue[0]!.prepared.measures.length;
      if (batch.length > 0 && rows + n > maxRows) break;
      batch.push(queue.shift()!);
      rows += n;
    }
    queuedRows -= rows;
    return batch;
  }

  /** When a batch fails, each message is retried alone so one bad message cannot block the rest. */
  async function writeAlone(job: Job): Promise<void> {
    try {
      const [ack] = await writeBatch(database.db, [job]);
      job.resolve(ack!);
    } catch (err) {
      job.reject(err);
    }
  }

  async function flush(): Promise<void> {
    const batch = take();
    if (batch.length === 0) return;
    running += 1;
    try {
      const acks = await writeBatch(database.db, batch);
      committed += acks.reduce((n, a) => n + a.accepted, 0);
      batch.forEach((job, i) => job.resolve(acks[i]!));
    } catch (err) {
      log.warn({ err, messages: batch.length }, 'batch write failed');
      if (batch.length > 1 && (await database.ping())) for (const job of batch) await writeAlone(job);
      else for (const job of batch) job.reject(err);
    } finally {
      running -= 1;
      pump();
    }
  }

  function pump(): void {
    while (queue.length > 0 && running < concurrency) void flush();
    if (queue.length === 0 && running === 0) {
      const waiting = idle;
      idle = [];
      waiting.forEach((resolve) => resolve());
    }
  }

  return {
    /** Resolves with the message's acknowledgement once it is committed; rejects if it could not be. */
    submit(prepared: Prepared): Promise<Ack> {
      return new Promise<Ack>((resolve, reject) => {
        queue.push({ prepared, resolve, reject });
        queuedRows += prepared.measures.length;
        if (queuedRows >= maxRows) return pump();
        // gather what arrives in the same turn of the event loop into one batch
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => {
            scheduled = false;
            pump();
          });
        }
      });
    },
    /** Resolves when everything submitted so far is written (or refused). */
    drained(): Promise<void> {
      if (queue.length === 0 && running === 0) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
    stats: () => ({ queued: queue.length, running, committed }),
  };
}
export type BatchWriter = ReturnType<typeof createBatchWriter>;
