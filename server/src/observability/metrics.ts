/**
 * Aforo's own metrics (docs/OPERATIONS.md, "Aforo's own metrics"): one prom-client registry per
 * process. Engines import the area objects below and record into them; GET /metrics
 * (modules/metrics) and the METRICS_PORT listener (observability/metrics-server.ts) print it. Nothing
 * here knows HTTP or SQL: a gauge read at scrape time is handed its reader by the engine that owns
 * the thing measured, and stops being read when that engine closes.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { cachedReading } from './cached-reading';

export const registry = new Registry();

/** Seconds, from a millisecond to ten seconds: batch commits, evaluation rounds, HTTP answers. */
const durationBuckets = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

let processMetrics = false;
/** prom-client's process and Node metrics (memory, CPU, event-loop lag, GC), unprefixed as usual. */
export function collectProcessMetrics(): void {
  if (processMetrics) return;
  processMetrics = true;
  collectDefaultMetrics({ register: registry });
}

/** The Prometheus text of every metric of this process, and its content type. */
export async function metricsText(): Promise<{ contentType: string; text: string }> {
  return { contentType: registry.contentType, text: await registry.metrics() };
}

type Read = () => number;

/**
 * A gauge read when scraped: the sum of its live sources (one per writer, hub…); no sample at all
 * in a process without any (an ingest process has no live streams, rather than zero of them).
 */
function sampledGauge(name: string, help: string) {
  const sources = new Set<{ read: Read }>();
  new Gauge({
    name,
    help,
    registers: [registry],
    collect() {
      // remove: no sample (reset() would print 0)
      if (sources.size === 0) return this.remove({});
      let total = 0;
      for (const source of sources) total += source.read();
      this.set(total);
    },
  });
  return {
    /** Adds a source; the function returned removes it (call it when the source closes). */
    track(read: Read): () => void {
      const source = { read };
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

/**
 * A gauge read from the database when scraped, bounded (cached-reading.ts): at most one query in
 * flight, a reading kept 10 s, a scrape waits 5 ms for a new one at most (else it reports the last).
 * Sources reading the same table (two engines of one process) report the largest; no reading yet,
 * or the last query failed (database away): no sample.
 */
function queriedGauge(name: string, help: string) {
  const sources = new Set<{ read: () => Promise<number | undefined> }>();
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const values = (await Promise.all([...sources].map((s) => s.read()))).filter(
        (v): v is number => v !== undefined,
      );
      if (values.length === 0) this.remove({});
      else this.set(Math.max(...values));
    },
  });
  return {
    track(query: () => Promise<number>): () => void {
      const source = { read: cachedReading(query, { maxAgeMs: 10_000, waitMs: 5 }) };
      sources.add(source);
      return () => void sources.delete(source);
    },
  };
}

export type IngestSource = 'mqtt' | 'http';
const ingestSources: IngestSource[] = ['mqtt', 'http'];
const messageResults = ['acknowledged', 'refused', 'failed'] as const;
const measureResults = ['stored', 'duplicate', 'refused'] as const;

const ingestMessages = new Counter({
  name: 'aforo_ingest_messages_total',
  help: 'Device messages answered: acknowledged after commit, refused whole (in failed_measures), failed (not stored: the device sends again)',
  labelNames: ['source', 'result'],
  registers: [registry],
});
const ingestMeasures = new Counter({
  name: 'aforo_ingest_measures_total',
  help: 'Measures of acknowledged up messages: stored, duplicate (already stored), refused (per-measure reason)',
  labelNames: ['source', 'result'],
  registers: [registry],
});
const batchDuration = new Histogram({
  name: 'aforo_ingest_batch_duration_seconds',
  help: 'Time to write and commit one batch of the batch writer (one transaction)',
  buckets: durationBuckets,
  registers: [registry],
});
const batchRows = new Histogram({
  name: 'aforo_ingest_batch_rows',
  help: 'Measures a committed batch offered to the insert (each key once, already-stored duplicates included)',
  buckets: [1, 10, 50, 100, 250, 500, 1000, 2500, 5000],
  registers: [registry],
});

export const ingestMetrics = {
  /** Every source and result at zero, so rate() works from the first scrape of an ingesting process. */
  start(): void {
    for (const source of ingestSources) {
      for (const result of messageResults) ingestMessages.inc({ source, result }, 0);
      for (const result of measureResults) ingestMeasures.inc({ source, result }, 0);
    }
  },
  message(source: IngestSource, result: (typeof messageResults)[number]): void {
    ingestMessages.inc({ source, result });
  },
  measures(source: IngestSource, counts: Record<(typeof measureResults)[number], number>): void {
    for (const result of measureResults)
      if (counts[result] > 0) ingestMeasures.inc({ source, result }, counts[result]);
  },
  batch(seconds: number, rows: number): void {
    batchDuration.observe(seconds);
    batchRows.observe(rows);
  },
  /** Messages waiting in the batch writers' memory for their batch. */
  queue: sampledGauge('aforo_ingest_queue_messages', 'Messages queued in memory for the next batch'),
};

const alertRounds = new Histogram({
  name: 'aforo_alert_round_duration_seconds',
  help: 'Time of one alert evaluation round (one transaction over the series of the batches queued)',
  buckets: durationBuckets,
  registers: [registry],
});
const alertLag = new Histogram({
  name: 'aforo_alert_lag_seconds',
  help: 'From a batch committed (heard by the alert engine) to its measures evaluated',
  buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});
const alertFailures = new Counter({
  name: 'aforo_alert_round_failures_total',
  help: 'Evaluation rounds that failed (their series are read back by the next round)',
  registers: [registry],
});

export const alertMetrics = {
  start(): void {
    alertFailures.inc(0);
  },
  round(seconds: number): void {
    alertRounds.observe(seconds);
  },
  lag(seconds: number): void {
    alertLag.observe(seconds);
  },
  failed(): void {
    alertFailures.inc();
  },
  queue: sampledGauge('aforo_alert_queue_batches', 'Committed batches waiting for their evaluation round'),
};

const channels = ['in_app', 'email', 'webhook'] as const;
const deliveryStatuses = ['sent', 'retrying', 'failed'] as const;
const deliveries = new Counter({
  name: 'aforo_notification_deliveries_total',
  help: 'Notification delivery attempts by channel and outcome: sent, retrying (due again later), failed (for good)',
  labelNames: ['channel', 'status'],
  registers: [registry],
});
const mailAttempts = new Counter({
  name: 'aforo_mail_attempts_total',
  help: 'Attempts of the mail worker at outbox mails: sent, kept (no SMTP_URL), retrying, failed (for good)',
  labelNames: ['outcome'],
  registers: [registry],
});
const mailOutcomes = ['sent', 'kept', 'retrying', 'failed'] as const;

export const notificationMetrics = {
  start(): void {
    for (const channel of channels)
      for (const status of deliveryStatuses) deliveries.inc({ channel, status }, 0);
  },
  delivery(channel: (typeof channels)[number], status: (typeof deliveryStatuses)[number]): void {
    deliveries.inc({ channel, status });
  },
  /** Deliveries due now and not yet claimed (capped: the query counts up to a bound). */
  due: queriedGauge('aforo_notification_deliveries_due', 'Notification deliveries due and not yet claimed'),
};

export const mailMetrics = {
  start(): void {
    for (const outcome of mailOutcomes) mailAttempts.inc({ outcome }, 0);
  },
  attempt(outcome: (typeof mailOutcomes)[number]): void {
    mailAttempts.inc({ outcome });
  },
  due: queriedGauge('aforo_mail_outbox_due', 'Outbox mails due for an SMTP attempt and not yet claimed'),
};

export const streamMetrics = {
  clients: sampledGauge('aforo_stream_clients', 'Open live-stream (SSE) connections of this process'),
};

const httpDuration = new Histogram({
  name: 'aforo_http_request_duration_seconds',
  help: 'HTTP answers by method, route pattern (unmatched: no route) and status class',
  labelNames: ['method', 'route', 'status_class'],
  // fewer buckets than the engines': one series per route and status class, up to a few hundred
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [registry],
});
const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

export const httpMetrics = {
  /** `route` is the pattern of the route that answered (never the URL), undefined for none. */
  answer(method: string, route: string | undefined, status: number, seconds: number): void {
    httpDuration.observe(
      {
        method: knownMethods.has(method) ? method : 'OTHER',
        route: route ?? 'unmatched',
        status_class: status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : 'other',
      },
      seconds,
    );
  },
};

const poolGauges = {
  total: 'aforo_db_pool_connections',
  idle: 'aforo_db_pool_idle_connections',
  waiting: 'aforo_db_pool_waiting_clients',
  max: 'aforo_db_pool_max_connections',
} as const;
const poolHelp = {
  total: 'Connections the PostgreSQL pool holds open (busy + idle)',
  idle: 'Open pool connections not running a query',
  waiting: 'Queries waiting for a pool connection (all busy)',
  max: 'The pool size: connections it may open at most',
};
const pools = Object.fromEntries(
  Object.entries(poolGauges).map(([key, name]) => [
    key,
    sampledGauge(name, poolHelp[key as keyof typeof poolGauges]),
  ]),
) as Record<keyof typeof poolGauges, ReturnType<typeof sampledGauge>>;

export const databaseMetrics = {
  /**
   * The PostgreSQL pool's use, read when scraped. PGlite has no pool (one connection inside the
   * process): nothing is reported for it, see docs/OPERATIONS.md.
   */
  track(database: Pick<Database, 'pool'>): () => void {
    const pool = database.pool;
    if (!pool) return () => undefined;
    const stops = (Object.keys(poolGauges) as Array<keyof typeof poolGauges>).map((key) =>
      pools[key].track(() => pool()[key]),
    );
    return () => stops.forEach((stop) => stop());
  },
};
