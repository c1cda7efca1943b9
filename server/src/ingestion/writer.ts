/**
 * The batch writer (docs/MEASURES.md write path). Prepared messages queue here; a flush writes all of
 * them in one transaction — measures with one multi-row statement that also moves series_latest,
 * then refusals and events — and only after COMMIT does each message get its acknowledgement, so a
 * device never hears "stored" for something a crash could lose. Duplicates are found by the
 * primary key (ON CONFLICT DO NOTHING … RETURNING), never by a read before the write.
 *
 * Then, with the acknowledgements on their way, the batch's stored rows are published as
 * `measures.committed` (alert evaluation, docs/ALERTS.md): subscribers run later, never in the ack path.
 *
 * Batching is self-timed: when no flush is running the queue is written at once (low latency when
 * quiet); while one runs, messages pile up and go in the next, bigger, batch (throughput under load).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { DeviceAck } from '@aforo/contracts/device-protocol';
import { failureDetail } from '@aforo/contracts/failed-measure-details';
import type { Database, Db } from '../db/client';
import type { CommittedMeasure, EventPublisher } from '../events/event-map';
import type { FailedRow, MeasureRow, Prepared } from './pipeline';
import { insertEvents, insertFailures, insertMeasures, keyOf, lockDevices } from './telemetry.repository';
import { createWriterPresence, type WriterPresence } from '../db/writer-presence';
import { ingestMetrics } from '../observability/metrics';

/** What a message resolves with after commit: the ack devices read (contracts/src/device-protocol.ts). */
export type Ack = DeviceAck;

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
  /** This process as a writer of measures (db/writer-presence.ts); by default its own. */
  presence?: WriterPresence;
}

interface Written {
  acks: Ack[];
  /** The rows of the insert (each key once) and those of them already stored. */
  rows: MeasureRow[];
  stored: Set<string>;
}

/** The device a prepared message writes rows for (one per message), if any. */
const deviceOf = (prepared: Prepared): string | undefined =>
  prepared.measures[0]?.deviceId ?? prepared.events[0]?.deviceId;

/**
 * A message whose device was hard-deleted after the directory resolved it: refused like an unknown
 * serial, so none of its rows is stored without a device.
 */
function refusedForDeletedDevice(prepared: Prepared): Prepared {
  return {
    ...prepared,
    measures: [],
    events: [],
    rejected: [],
    error: 'invalid payload',
    failures: [
      {
        receivedAt: new Date(),
        topic: prepared.measures[0]?.topic ?? null,
        serial: prepared.serial,
        reason: 'invalid payload',
        detail: failureDetail('deleted', { serial: prepared.serial ?? '' }),
        payload: '',
        measureIndex: null,
      },
    ],
  };
}

/** Writes jobs in one transaction and returns each one's acknowledgement. */
async function writeBatch(db: Db, batch: Job[]): Promise<Written> {
  return db.transaction(async (txAny) => {
    const tx = txAny as unknown as Db;
    // no foreign key ties measures to devices (partitioned, hot path): the batch locks its devices instead
    const ids = batch.map((j) => deviceOf(j.prepared)).filter((id): id is string => id !== undefined);
    const present = await lockDevices(tx, ids);
    const jobs = batch.map((job) => {
      const id = deviceOf(job.prepared);
      return id === undefined || present.has(id)
        ? job
        : { ...job, prepared: refusedForDeletedDevice(job.prepared) };
    });
    // a key counts once per batch: the same (device, port, t) in two messages of it is a duplicate
    const batchKeys = new Set<string>();
    const repeated = new Set<MeasureRow>();
    const rows: MeasureRow[] = [];
    for (const { prepared } of jobs)
      for (const m of prepared.measures) {
        const key = keyOf(m.deviceId, m.port, m.epoch);
        if (batchKeys.has(key)) repeated.add(m);
        else {
          batchKeys.add(key);
          rows.push(m);
        }
      }
    const stored = await insertMeasures(tx, rows);
    const failures: FailedRow[] = [];
    const acks = jobs.map(({ prepared }) => {
      failures.push(...prepared.failures);
      const rejected = [...prepared.rejected];
      let accepted = 0;
      let duplicates = 0;
      for (const m of prepared.measures) {
        // stored is empty unless some keys were there already: no key to build in the usual case
        if (!repeated.has(m) && (stored.size === 0 || !stored.has(keyOf(m.deviceId, m.port, m.epoch)))) {
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
          detail: failureDetail(
            'alreadyStored',
            { port: m.port, at: new Date(m.epoch * 1000).toISOString() },
            prepared.msgSeq,
          ),
          payload: JSON.stringify({ port: m.port, t: m.epoch, v: m.direct }),
          measureIndex: m.index,
        });
      }
      const ack: Ack = {
        msg_seq: prepared.msgSeq,
        accepted,
        duplicates,
        rejected: rejected.sort((a, b) => a.i - b.i),
      };
      if (prepared.error) ack.error = prepared.error;
      return ack;
    });
    await insertFailures(tx, failures);
    await insertEvents(
      tx,
      jobs.flatMap((j) => j.prepared.events),
    );
    return { acks, rows, stored };
  });
}

/** The rows a batch really added (duplicates left out), as alerting reads them. */
function committedRows({ rows, stored }: Written): CommittedMeasure[] {
  const committed: CommittedMeasure[] = [];
  for (const m of rows) {
    if (stored.size > 0 && stored.has(keyOf(m.deviceId, m.port, m.epoch))) continue;
    const { deviceId, port, pointId, interpreted, flag } = m;
    committed.push({ deviceId, port, pointId, ms: Math.round(m.epoch * 1000), interpreted, flag });
  }
  return committed;
}

export function createBatchWriter(
  database: Database,
  log: Logger,
  options: WriterOptions = {},
  events?: EventPublisher,
) {
  const maxRows = options.maxRows ?? 5000;
  // PGlite has one connection; on PostgreSQL a few batches commit at once (the pool has 10)
  const concurrency = options.concurrency ?? (database.kind === 'pglite' ? 1 : 4);
  // every writer is known as one before its first batch commits (the alert engine relies on it)
  const presence = options.presence ?? createWriterPresence(database, log);
  const queue: Job[] = [];
  let queuedRows = 0;
  let running = 0;
  let scheduled = false;
  let idle: Array<() => void> = [];
  const untrackQueue = ingestMetrics.queue.track(() => queue.length);

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

  /** After the acknowledgements are resolved; the bus delivers in a later turn. Never throws: the batch is stored. */
  function announce(written: Written): void {
    if (!events?.hasSubscribers('measures.committed')) return;
    try {
      const rows = committedRows(written);
      if (rows.length > 0) events.publish('measures.committed', { batchId: randomUUID(), rows });
    } catch (err) {
      log.error({ err }, 'committed batch not announced');
    }
  }

  /**
   * Batches are announced in the order they were taken, whatever order they commit in (several
   * commit at once on PostgreSQL): a device's messages are taken in the order they arrived, so the
   * alert engine hears each series' values in time order and does not take a slower batch's older
   * values for late ones. The acknowledgements do not wait: only the announcement does.
   */
  const unannounced: Array<{ written: Written[]; done: boolean }> = [];
  function release(): void {
    while (unannounced[0]?.done) for (const written of unannounced.shift()!.written) announce(written);
  }

  /** When a batch fails, each message is retried alone so one bad message cannot block the rest. */
  async function writeAlone(job: Job): Promise<Written | null> {
    try {
      await presence.held();
      const written = await writeBatch(database.db, [job]);
      job.resolve(written.acks[0]!);
      return written;
    } catch (err) {
      job.reject(err);
      return null;
    }
  }

  async function flush(): Promise<void> {
    const batch = take();
    if (batch.length === 0) return;
    running += 1;
    const slot = { written: [] as Written[], done: false };
    unannounced.push(slot);
    try {
      await presence.held();
      const started = performance.now();
      const written = await writeBatch(database.db, batch);
      ingestMetrics.batch((performance.now() - started) / 1000, written.rows.length);
      batch.forEach((job, i) => job.resolve(written.acks[i]!));
      slot.written.push(written);
    } catch (err) {
      log.warn({ err, messages: batch.length }, 'batch write failed');
      if (batch.length > 1 && (await database.ping()))
        for (const job of batch) {
          const written = await writeAlone(job);
          if (written) slot.written.push(written);
        }
      else for (const job of batch) job.reject(err);
    } finally {
      slot.done = true;
      release();
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

  /** Resolves when everything submitted so far is written (or refused). */
  function drained(): Promise<void> {
    if (queue.length === 0 && running === 0) return Promise.resolve();
    return new Promise((resolve) => idle.push(resolve));
  }

  return {
    presence,
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
    drained,
    /** Waits for what was submitted, then stops being known as a writer. */
    async close(): Promise<void> {
      await drained();
      untrackQueue();
      await presence.close();
    },
  };
}
export type BatchWriter = ReturnType<typeof createBatchWriter>;
