/**
 * GET /metrics after real work (docs/OPERATIONS.md, "Aforo's own metrics"): device messages over
 * HTTP and the embedded MQTT broker through the batch writer and the alert engine, HTTP calls on
 * known and unknown routes, a live stream held open — then the exposition is parsed and each
 * counter compared with what was done. Runs on PGlite and PostgreSQL (the pool's gauges on the latter).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertEngine, type AlertEngine } from '../alerting/alert-engine';
import { buildApp } from '../app';
import { TokenService } from '../auth/jwt';
import { demoAccounts } from '../demo/demo';
import { silentLog, startIngestHarness, type IngestHarness } from '../test/ingest-harness';
import { parseExposition, type Exposition } from '../test/prometheus-text';
import { demoPassword, testSecret } from '../test/test-server';
import { databaseMetrics } from './metrics';

let h: IngestHarness;
let app: FastifyInstance;
let alerting: AlertEngine;
let untrackPool: () => void;
let baseUrl: string;

beforeAll(async () => {
  h = await startIngestHarness();
  alerting = createAlertEngine({
    database: h.database,
    events: h.events,
    log: silentLog,
    writers: h.ingestion.presence,
  });
  await alerting.catchUp();
  // main.ts does the same for every role
  untrackPool = databaseMetrics.track(h.database);
  app = await buildApp({
    database: h.database,
    tokens: new TokenService(testSecret),
    logger: false,
    ingestion: h.ingestion,
    events: h.events,
    metrics: { allowInternal: true },
  });
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  untrackPool?.();
  await app?.close();
  await alerting?.close();
  await h?.close();
});

async function scrape(): Promise<Exposition> {
  const res = await app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

const t0 = Math.floor(Date.now() / 1000) - 3600;
const message = (measures: object[], seq = 1) =>
  JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: seq,
    measures,
  });
const postUp = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/ingest/v1/up',
    headers: {
      'content-type': 'application/json',
      authorization: `Device ${h.device.serial}:${h.device.key}`,
    },
    payload,
  });

/** How much each named sample moved between two scrapes (0 where it was absent before). */
const moved = (before: Exposition, after: Exposition, name: string, labels: Record<string, string> = {}) =>
  (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);

describe('GET /metrics', () => {
  it('counts messages, measures, batches and alert rounds by the amounts ingested', async () => {
    const before = await scrape();
    const twoMeasures = message([
      { port: 'ai1', t: t0, v: 12 },
      { port: 'ai1', t: t0 + 60, v: 13 },
    ]);
    expect((await postUp(twoMeasures)).json()).toMatchObject({ accepted: 2, duplicates: 0 });
    // the same again: two duplicates
    expect((await postUp(twoMeasures)).json()).toMatchObject({ accepted: 0, duplicates: 2 });
    // one stored, one dated before BACKFILL_DAYS: refused on its own
    const old = t0 - 200 * 86_400;
    const mixed = await postUp(
      message([
        { port: 'ai1', t: t0 + 120, v: 12 },
        { port: 'ai1', t: old, v: 12 },
      ]),
    );
    expect(mixed.json()).toMatchObject({
      accepted: 1,
      duplicates: 0,
      rejected: [{ reason: 'invalid date' }],
    });
    // not JSON: the whole message refused
    expect((await postUp('not json')).statusCode).toBe(400);
    // and one over MQTT (mosquitto_pub exits after the PUBACK, sent after commit)
    expect((await h.pub(message([{ port: 'ai1', t: t0 + 180, v: 12 }], 2))).code).toBe(0);
    await alerting.idle();
    const after = await scrape();

    const messages = (source: string, result: string) =>
      moved(before, after, 'aforo_ingest_messages_total', { source, result });
    expect(messages('http', 'acknowledged')).toBe(3);
    expect(messages('http', 'refused')).toBe(1);
    expect(messages('http', 'failed')).toBe(0);
    expect(messages('mqtt', 'acknowledged')).toBe(1);
    const measures = (source: string, result: string) =>
      moved(before, after, 'aforo_ingest_measures_total', { source, result });
    expect(measures('http', 'stored')).toBe(3);
    expect(measures('http', 'duplicate')).toBe(2);
    expect(measures('http', 'refused')).toBe(1);
    expect(measures('mqtt', 'stored')).toBe(1);
    // five messages one after another: five batches (a refused message is written too: failed_measures)
    expect(moved(before, after, 'aforo_ingest_batch_duration_seconds_count')).toBe(5);
    expect(moved(before, after, 'aforo_ingest_batch_rows_sum')).toBe(2 + 2 + 1 + 1);
    expect(after.value('aforo_ingest_queue_messages')).toBe(0);
    // three batches stored new rows: each one's lag observed; rounds may have taken several at once
    expect(moved(before, after, 'aforo_alert_lag_seconds_count')).toBe(3);
    expect(moved(before, after, 'aforo_alert_round_duration_seconds_count')).toBeGreaterThanOrEqual(1);
    expect(after.value('aforo_alert_round_failures_total')).toBe(0);
    expect(after.value('aforo_alert_queue_batches')).toBe(0);
    // the HTTP route of the device calls, by its pattern
    expect(
      moved(before, after, 'aforo_http_request_duration_seconds_count', {
        method: 'POST',
        route: '/ingest/v1/up',
        status_class: '2xx',
      }),
    ).toBe(3);
  });

  it('labels HTTP latency with the route pattern, never the URL; unknown paths share one label', async () => {
    const before = await scrape();
    const id = randomUUID();
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/points/${id}` })).statusCode).toBe(401);
    for (const path of [`/nope/${id}`, `/api/${id}`, `/also-not-here-${id}`])
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    const after = await scrape();
    const count = (labels: Record<string, string>) =>
      moved(before, after, 'aforo_http_request_duration_seconds_count', labels);
    expect(count({ method: 'GET', route: '/health', status_class: '2xx' })).toBe(1);
    expect(count({ method: 'GET', route: '/api/points/:id', status_class: '4xx' })).toBe(1);
    expect(count({ method: 'GET', route: 'unmatched', status_class: '4xx' })).toBe(3);
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => r!.includes(id))).toEqual([]);
    expect(after.types.get('aforo_http_request_duration_seconds')).toBe('histogram');
  });

  it('counts the open live streams of this process', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/login_check',
      payload: { username: demoAccounts[0]!.email, password: demoPassword },
    });
    const { token } = login.json<{ token: string }>();
    expect((await scrape()).value('aforo_stream_clients')).toBe(0);
    const aborted = new AbortController();
    const res = await fetch(`${baseUrl}/api/stream`, {
      headers: { authorization: `Bearer ${token}` },
      signal: aborted.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    await reader.read();
    expect((await scrape()).value('aforo_stream_clients')).toBe(1);
    aborted.abort();
    await reader.closed.catch(() => undefined);
    await expect.poll(async () => (await scrape()).value('aforo_stream_clients'), { timeout: 5000 }).toBe(0);
    // a stream's duration is not an HTTP latency
    expect(
      (await scrape()).value('aforo_http_request_duration_seconds_count', { route: '/api/stream' }),
    ).toBe(undefined);
  });

  it("shows the pool's use on PostgreSQL, nothing on PGlite (no pool), and Node's own metrics", async () => {
    const now = await scrape();
    if (h.database.kind === 'postgres') {
      expect(now.value('aforo_db_pool_max_connections')).toBe(h.database.pool!().max);
      expect(now.value('aforo_db_pool_connections')).toBeGreaterThanOrEqual(1);
      expect(now.value('aforo_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(now.value('aforo_db_pool_waiting_clients')).toBe(0);
    } else {
      expect(now.value('aforo_db_pool_max_connections')).toBe(undefined);
    }
    expect(now.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(now.value('nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(now.types.get('nodejs_gc_duration_seconds')).toBe('histogram');
  });

  it('lists every metric family of docs/OPERATIONS.md with its type', async () => {
    const types = (await scrape()).types;
    const expected: Record<string, string> = {
      aforo_ingest_messages_total: 'counter',
      aforo_ingest_measures_total: 'counter',
      aforo_ingest_batch_duration_seconds: 'histogram',
      aforo_ingest_batch_rows: 'histogram',
      aforo_ingest_queue_messages: 'gauge',
      aforo_alert_round_duration_seconds: 'histogram',
      aforo_alert_lag_seconds: 'histogram',
      aforo_alert_round_failures_total: 'counter',
      aforo_alert_queue_batches: 'gauge',
      aforo_notification_deliveries_total: 'counter',
      aforo_notification_deliveries_due: 'gauge',
      aforo_mail_attempts_total: 'counter',
      aforo_mail_outbox_due: 'gauge',
      aforo_stream_clients: 'gauge',
      aforo_http_request_duration_seconds: 'histogram',
      aforo_db_pool_connections: 'gauge',
      aforo_db_pool_idle_connections: 'gauge',
      aforo_db_pool_waiting_clients: 'gauge',
      aforo_db_pool_max_connections: 'gauge',
      process_cpu_seconds_total: 'counter',
      nodejs_heap_size_used_bytes: 'gauge',
    };
    expect(Object.fromEntries(Object.keys(expected).map((name) => [name, types.get(name)]))).toEqual(
      expected,
    );
  });
});
