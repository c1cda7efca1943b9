/**
 * METRICS_PORT (docs/OPERATIONS.md, "Aforo's own metrics"): an ingest-only process, which has no
 * HTTP server, started as production starts it (`--role=ingest`), answers GET /metrics on its own
 * small listener under the same rule as the API — here METRICS_ALLOW_INTERNAL off, so even this
 * loopback caller needs METRICS_TOKEN — and nothing else. PGlite (its own data directory) and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { parseExposition } from '../test/prometheus-text';
import { openTestDatabase } from '../test/test-database';

const token = 'a-metrics-token-of-test-0123456789';
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe('METRICS_PORT on an ingest process', () => {
  let database: Database | undefined;
  let ingest: AforoProcess;
  let url: string;

  beforeAll(async () => {
    database = onPostgres ? await openTestDatabase() : undefined;
    ingest = startAforoProcess('ingest', {
      ...(database ? { DATABASE_URL: database.url! } : {}),
      METRICS_PORT: '0',
      METRICS_TOKEN: token,
      METRICS_ALLOW_INTERNAL: 'off',
    });
    const listening = await ingest.waitForLog((l) => l.msg === 'metrics listening (GET /metrics)', 90_000);
    url = `http://127.0.0.1:${String(listening.port)}`;
  }, 120_000);
  afterAll(async () => {
    await ingest?.stop();
    await database?.close();
  }, 30_000);

  it('asks the token, then answers with the ingest and process metrics', async () => {
    const refused = await fetch(`${url}/metrics`, { headers: { 'accept-language': 'en' } });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('OP1000');

    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status, ingest.output()).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const metrics = parseExposition(await res.text());
    expect(metrics.value('aforo_ingest_queue_messages')).toBe(0);
    expect(metrics.value('aforo_ingest_messages_total', { source: 'mqtt', result: 'acknowledged' })).toBe(0);
    expect(metrics.value('aforo_alert_queue_batches')).toBe(0);
    expect(metrics.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    if (onPostgres) expect(metrics.value('aforo_db_pool_max_connections')).toBe(10);
    else expect(metrics.value('aforo_db_pool_max_connections')).toBe(undefined);
    // no HTTP server in this role, no live streams: no samples, only the families
    expect(metrics.value('aforo_http_request_duration_seconds_count')).toBe(undefined);
    expect(metrics.value('aforo_stream_clients')).toBe(undefined);
  });

  it('serves nothing else', async () => {
    const res = await fetch(`${url}/api/points`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { code: string }).code).toBe('N1000');
    const post = await fetch(`${url}/metrics`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(post.status).toBe(404);
  });
});
