/**
 * What `npm run bench:load` (load.ts) runs against: a database prepared before Aforo starts (fresh
 * PostgreSQL database or an empty PGlite directory, migrated, the demo seed, and the listeners: one
 * user per live stream, in one client company), Aforo itself as a child process (`--role=all`), and
 * the server's memory read from outside (/proc) and, when it answers, from its own GET /metrics.
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { parseEnv } from '../config/env';
import { hashPassword } from '../auth/passwords';
import { openConfiguredDatabase } from '../db/open';
import { companies, userProfiles, users } from '../db/schema';
import { seedIfEmpty } from '../demo/seed';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { freePort, freshDatabase, memoryOf } from './ingest-server';

export const listenerDomain = 'load.bench.aforo.dev';

export interface Target {
  engine: 'embedded' | 'postgres';
  /** The fresh database (PostgreSQL), or undefined on PGlite. */
  databaseUrl?: string;
  /** The server's DATA_DIR (PGlite's files, the JWT secret). */
  dataDir: string;
}

export interface Prepared {
  companyId: string;
  companyName: string;
  /** The listeners' sign-in e-mails (one live stream each). */
  emails: string[];
  seedSeconds: number;
}

/** A fresh database or data directory with the demo seed and `listeners` users of one client company. */
export async function prepareTarget(
  adminUrl: string | undefined,
  databaseName: string,
  listeners: number,
  password: string,
): Promise<{ target: Target; prepared: Prepared }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-load-'));
  const target: Target = adminUrl
    ? { engine: 'postgres', databaseUrl: await freshDatabase(adminUrl, databaseName), dataDir }
    : { engine: 'embedded', dataDir };
  const started = performance.now();
  const database = await openConfiguredDatabase(
    parseEnv(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: dataDir }),
  );
  try {
    await database.migrate();
    await seedIfEmpty(database.db, 'demo', password);
    const db = database.db;
    // the client company the devices are installed in too (ingest-provision.ts takes its id)
    const [company] = await db
      .select({ id: companies.id, name: companies.businessName })
      .from(companies)
      .where(eq(companies.isProvider, false))
      .orderBy(asc(companies.businessName))
      .limit(1);
    if (!company) throw new Error('the demo seed has no client company');
    const passwordHash = await hashPassword(password);
    const emails = Array.from({ length: listeners }, (_, i) => `listener.${i}@${listenerDomain}`);
    // operators of the company (ROLE_USER: dashboards and monitoring, as a client's staff)
    for (let from = 0; from < emails.length; from += 500) {
      const rows = await db
        .insert(users)
        .values(
          emails.slice(from, from + 500).map((email, i) => ({
            email,
            name: 'Listener',
            surname: String(from + i),
            passwordHash,
            state: 'Active',
            language: 'en',
            defaultCompanyId: company.id,
          })),
        )
        .returning({ id: users.id });
      await db
        .insert(userProfiles)
        .values(rows.map((r) => ({ userId: r.id, companyId: company.id, roles: ['ROLE_USER'] })));
    }
    return {
      target,
      prepared: {
        companyId: company.id,
        companyName: company.name,
        emails,
        seedSeconds: (performance.now() - started) / 1000,
      },
    };
  } finally {
    await database.close();
  }
}

export interface Server {
  process: AforoProcess;
  httpUrl: string;
  mqttPort: number;
}

/** Starts Aforo (`--role=all`) on the prepared target; resolves once GET /health answers ok. */
export async function startServer(
  target: Target,
  options: { mqttUrl?: string; topicPrefix: string; extraEnv?: Record<string, string> },
): Promise<Server> {
  const port = await freePort();
  const mqttPort = await freePort();
  const child = startAforoProcess('all', {
    NODE_ENV: 'production',
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    DATA_DIR: target.dataDir,
    SEED: 'demo',
    SIMULATOR: 'off',
    LOG_LEVEL: 'warn',
    ALERTS: 'on',
    MQTT_TOPIC_PREFIX: options.topicPrefix,
    // the bench's devices all connect from 127.0.0.1 (the embedded broker allows 200 by default)
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...(options.mqttUrl ? { MQTT_URL: options.mqttUrl } : {}),
    ...options.extraEnv,
  });
  const httpUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (!child.running())
      throw new Error(`Aforo exited before it was ready:\n${child.output().slice(-4000)}`);
    if (Date.now() > deadline) {
      await child.kill();
      throw new Error(`Aforo did not answer /health within 180 s:\n${child.output().slice(-4000)}`);
    }
    try {
      const res = await fetch(`${httpUrl}/health`);
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { process: child, httpUrl, mqttPort };
}

export interface MemoryReading {
  /** Seconds since the run began. */
  at: number;
  rssMb: number;
  /** VmHWM: the highest RSS so far. */
  peakMb: number;
  /** From GET /metrics (prom-client's nodejs_heap_size_*), when the server answers it. */
  heapUsedMb?: number;
  heapTotalMb?: number;
  /** aforo_stream_clients, when /metrics answers. */
  streamClients?: number;
  /** aforo_ingest_queue_messages and aforo_alert_queue_batches: work waiting in memory (a backlog, not a leak). */
  ingestQueue?: number;
  alertQueue?: number;
}

const mb = (bytes: number) => bytes / 1024 / 1024;

/** One sample of a metric in Prometheus text (no labels), or undefined. */
function sampleOf(text: string, name: string): number | undefined {
  const match = new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)`, 'm').exec(text);
  return match ? Number(match[1]) : undefined;
}

/** The server's memory now: /proc always, the heap and stream clients when /metrics answers (≤ 2 s). */
export async function readMemory(server: Server, since: number): Promise<MemoryReading> {
  const { rssMb, peakMb } = memoryOf(server.process.pid);
  const reading: MemoryReading = { at: (performance.now() - since) / 1000, rssMb, peakMb };
  try {
    const res = await fetch(`${server.httpUrl}/metrics`, { signal: AbortSignal.timeout(2000) });
    if (res.ok) {
      const text = await res.text();
      const used = sampleOf(text, 'nodejs_heap_size_used_bytes');
      const total = sampleOf(text, 'nodejs_heap_size_total_bytes');
      const clients = sampleOf(text, 'aforo_stream_clients');
      if (used !== undefined) reading.heapUsedMb = mb(used);
      if (total !== undefined) reading.heapTotalMb = mb(total);
      if (clients !== undefined) reading.streamClients = clients;
      reading.ingestQueue = sampleOf(text, 'aforo_ingest_queue_messages');
      reading.alertQueue = sampleOf(text, 'aforo_alert_queue_batches');
    }
  } catch {
    // no /metrics in this build, or it did not answer in time: RSS alone
  }
  return reading;
}

/**
 * The lowest of `count` readings `gapMs` apart (RSS and heap each): one reading's heap includes the
 * garbage not collected yet, so a before/after difference is taken between floors.
 */
export async function readMemoryFloor(
  server: Server,
  since: number,
  count = 5,
  gapMs = 1000,
): Promise<MemoryReading> {
  const readings: MemoryReading[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
    readings.push(await readMemory(server, since));
  }
  const last = readings.at(-1)!;
  const lowest = (pick: (m: MemoryReading) => number | undefined) => {
    const known = readings.map(pick).filter((v): v is number => v !== undefined);
    return known.length === 0 ? undefined : Math.min(...known);
  };
  return {
    ...last,
    rssMb: lowest((m) => m.rssMb)!,
    heapUsedMb: lowest((m) => m.heapUsedMb),
    heapTotalMb: lowest((m) => m.heapTotalMb),
  };
}
