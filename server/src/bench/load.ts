/**
 * `npm run bench:load -- [--sse 1000] [--soak-minutes 10] [--only sse|soak] [--json]
 *  [--hold-seconds 60] [--sse-rate 10] [--within 2] [--rate N] [--rss-bound-mb 50]
 *  [--devices 100] [--measures 10] [--inflight 10] [--broker private|env] [--keep]`
 *
 * Issue 27 item 6, load and soak. Aforo runs as a child process (`--role=all`, alerts on, simulator
 * off) on a fresh PostgreSQL database of the server DATABASE_URL names, else on an empty embedded
 * PGlite; the bench's devices publish through the ingest benchmark's load generator
 * (ingest-load.ts), on a private Mosquitto (PostgreSQL; `--broker env` takes MQTT_URL instead, as
 * bench:ingest does) or the embedded broker.
 *
 * 1. Live streams: `--sse` listeners (one user each, one client company, prepared in the database
 *    before the start) sign in and open GET /api/stream at once and hold it for `--hold-seconds`
 *    while the devices publish `--sse-rate` messages a second. Each message is a probe: every
 *    connection should receive its point's new latest value; the bench prints how many (connection,
 *    probe) pairs arrived within `--within` seconds, the publish → received delay, the events per
 *    connection, and the server's memory before, with the streams open and after closing them.
 * 2. Soak: `--soak-minutes` of paced ingest at half the ingest benchmark's target (PostgreSQL 25,000,
 *    embedded 10,000 measures/s; `--rate` sets another), the server's RSS sampled every 10 s:
 *    first, min, max, last, slope per minute after the warm-up (the first 2 minutes) and the growth
 *    after it against `--rss-bound-mb`. Then every measure sent is looked for in the database.
 *
 * Exits 1 on errors — a stream refused or dropped, a connection that received nothing, a measure
 * refused, unacknowledged or not stored — never on a missed figure.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { parseEnv } from '../config/env';
import { openConfiguredDatabase } from '../db/open';
import { LoadGenerator, type CommitSignal } from './ingest-load';
import { provisionDevices } from './ingest-provision';
import type { EngineResult } from './ingest-report';
import { removeDir, startMosquitto, type PrivateMosquitto } from './ingest-server';
import { checkDelivery } from './ingest-verify';
import {
  runSoak,
  runSse,
  type Context,
  type LoadOptions,
  type SoakResult,
  type SseResult,
} from './load-phases';
import { f0, memLine, printSoak, printSse } from './load-report';
import { prepareTarget, readMemory, startServer, type Target } from './load-setup';
import { DeliveryTracker } from './load-sse';

/** Half of bench:ingest's throughput targets (ingest.ts), measures a second. */
const halfOfTarget = { embedded: 10_000, postgres: 25_000 } as const;
const databaseName = 'aforo_bench_load';
const { values: args } = parseArgs({
  options: {
    sse: { type: 'string', default: '1000' },
    'soak-minutes': { type: 'string', default: '10' },
    only: { type: 'string' },
    json: { type: 'boolean', default: false },
    'hold-seconds': { type: 'string', default: '60' },
    'sse-rate': { type: 'string', default: '10' },
    within: { type: 'string', default: '2' },
    rate: { type: 'string' },
    'rss-bound-mb': { type: 'string', default: '50' },
    devices: { type: 'string', default: '100' },
    measures: { type: 'string', default: '10' },
    inflight: { type: 'string', default: '10' },
    broker: { type: 'string', default: 'private' },
    keep: { type: 'boolean', default: false },
  },
});

function whole(name: string, min: number, max: number): number {
  const n = Number(args[name as keyof typeof args]);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}
function decimal(name: string, min: number, max: number): number {
  const n = Number(args[name as keyof typeof args]);
  if (!Number.isFinite(n) || n < min || n > max)
    throw new Error(`--${name} must be a number from ${min} to ${max}`);
  return n;
}

const env = parseEnv();
if (args.only !== undefined && !['sse', 'soak'].includes(args.only))
  throw new Error('--only must be sse or soak');
if (!['private', 'env'].includes(args.broker!)) throw new Error('--broker must be private or env');
const engine: Target['engine'] = env.DATABASE_URL ? 'postgres' : 'embedded';
if (args.broker === 'env' && (engine !== 'postgres' || !env.MQTT_URL))
  throw new Error('--broker env needs DATABASE_URL and MQTT_URL');
const options: LoadOptions = {
  listeners: args.only === 'soak' ? 0 : whole('sse', 1, 20_000),
  soakMinutes: args.only === 'sse' ? 0 : decimal('soak-minutes', 0.5, 24 * 60),
  holdSeconds: whole('hold-seconds', 5, 3600),
  sseRate: decimal('sse-rate', 0.1, 1000),
  withinSeconds: decimal('within', 0.1, 60),
  rate: args.rate !== undefined ? whole('rate', 1, 1_000_000) : halfOfTarget[engine],
  rssBoundMb: decimal('rss-bound-mb', 1, 100_000),
  devices: whole('devices', 1, 10_000),
  measures: whole('measures', 1, 1_000),
  inflight: whole('inflight', 1, 1_000),
};
const password = env.DEMO_PASSWORD;

const say = (line: string) => process.stderr.write(`${line}\n`);
const start = performance.now();

async function dropDatabase(url: string): Promise<void> {
  const admin = await openConfiguredDatabase(parseEnv({ DATABASE_URL: env.DATABASE_URL }));
  try {
    await admin.db.execute(`DROP DATABASE IF EXISTS ${new URL(url).pathname.slice(1)} WITH (FORCE)`);
  } finally {
    await admin.close();
  }
}

async function main(): Promise<void> {
  const errors: string[] = [];
  const signal: CommitSignal = engine === 'embedded' ? 'puback' : 'ack';
  const loadAtStart = os.loadavg();
  say(
    `[load] ${engine === 'postgres' ? 'PostgreSQL' : 'PGlite'}: preparing the database (demo seed, ${options.listeners} listeners)`,
  );
  const { target, prepared } = await prepareTarget(
    env.DATABASE_URL,
    databaseName,
    options.listeners,
    password,
  );
  let mosquitto: PrivateMosquitto | undefined;
  let mqttUrl: string | undefined;
  if (engine === 'postgres') {
    if (args.broker === 'env') mqttUrl = env.MQTT_URL;
    else {
      mosquitto = await startMosquitto();
      mqttUrl = mosquitto.url;
    }
  }
  const brokerName =
    engine === 'embedded' ? 'embedded Aedes' : mosquitto ? 'Mosquitto (private)' : `Mosquitto ${mqttUrl}`;
  say(`[load] starting Aforo (${brokerName})`);
  const server = await startServer(target, { mqttUrl, topicPrefix: env.MQTT_TOPIC_PREFIX });
  const ingest: EngineResult = {
    engine,
    alerts: true,
    database: engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded)',
    broker: brokerName,
    commitSignal: signal,
    devices: options.devices,
    measuresPerMessage: options.measures,
    inflight: options.inflight,
    provisioningSeconds: 0,
    memory: { serverPeakMb: 0, benchPeakMb: 0 },
    errors,
  };
  let generator: LoadGenerator | undefined;
  let serialPrefix = '';
  // the jobs running at each soak sample: a spike of RSS beside a job run is its working set, not a leak
  let jobsDb: pg.Client | undefined;
  if (target.databaseUrl) {
    jobsDb = new pg.Client({ connectionString: target.databaseUrl, application_name: 'bench-load' });
    await jobsDb.connect();
  }
  let sse: SseResult | undefined;
  let soak: SoakResult | undefined;
  const idle = await readMemory(server, start);
  try {
    say(`[load] provisioning ${options.devices} devices in ${prepared.companyName}`);
    const provisioned = await provisionDevices(
      server.httpUrl,
      options.devices,
      { email: 'admin@demo.aforo.dev', password },
      prepared.companyId,
    );
    serialPrefix = provisioned.serialPrefix;
    ingest.provisioningSeconds = provisioned.seconds;
    // measure times one second apart per device: start far enough back that the run ends before now
    const perDevice =
      ((options.listeners > 0 ? (options.holdSeconds + 60) * options.sseRate * options.measures : 0) +
        options.soakMinutes * 60 * options.rate * 1.1) /
      options.devices;
    const backSeconds = Math.ceil(perDevice) + 3600;
    if (backSeconds > (env.BACKFILL_DAYS - 1) * 86_400)
      throw new Error(
        `the run needs measure times ${Math.ceil(backSeconds / 86_400)} days back, past BACKFILL_DAYS ${env.BACKFILL_DAYS}: more --devices or a shorter soak`,
      );
    const tracker = new DeliveryTracker(options.withinSeconds * 1000);
    generator = new LoadGenerator({
      brokerUrl: mqttUrl ?? `mqtt://127.0.0.1:${server.mqttPort}`,
      prefix: env.MQTT_TOPIC_PREFIX,
      measures: options.measures,
      inflight: options.inflight,
      signal,
      firstT: Math.floor(Date.now() / 1000) - backSeconds,
      onPublish: (device, record, lastT) => tracker.add({ pointId: device.pointId, lastT, t0: record.t0 }),
    });
    await generator.connect(provisioned.devices);
    const ctx: Context = {
      options,
      databaseUrl: target.databaseUrl,
      jobsRunning: jobsDb
        ? async () =>
            (
              await jobsDb.query<{ name: string }>('select name from job_runs where finished_at is null')
            ).rows.map((r) => r.name)
        : undefined,
      engine,
      password,
      start,
      server,
      generator,
      tracker,
      companyId: prepared.companyId,
      emails: prepared.emails,
      errors,
    };
    if (options.listeners > 0) sse = await runSse(ctx);
    if (options.soakMinutes > 0) soak = await runSoak(ctx, signal);
    const missing = await generator.drain(60_000);
    if (missing > 0) errors.push(`${missing} messages without their commit signal 60 s after the end`);
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  } finally {
    await generator?.close();
    await jobsDb?.end().catch(() => undefined);
    await server.process.stop();
    await mosquitto?.stop();
  }
  if (generator) await checkDelivery(generator, serialPrefix, target, ingest);
  if (errors.length > 0) say(`[load] server output (last lines):\n${server.process.output().slice(-3000)}`);
  if (!args.keep) {
    if (target.databaseUrl) await dropDatabase(target.databaseUrl).catch(() => undefined);
    removeDir(target.dataDir);
  } else say(`[load] kept: ${target.databaseUrl ?? target.dataDir}`);

  const sent = generator ? generator.records.reduce((n, r) => n + r.measures, 0) : 0;
  if (ingest.verify && ingest.verify.acceptedByAcks !== sent && !errors.some((e) => e.includes('accepted')))
    errors.push(`${sent - ingest.verify.acceptedByAcks} measures sent were not acknowledged as accepted`);
  const summary = {
    date: new Date().toISOString(),
    engine: ingest.database,
    broker: brokerName,
    node: process.version,
    cores: os.availableParallelism(),
    loadAverage: { atStart: loadAtStart, atEnd: os.loadavg() },
    options,
    seedSeconds: prepared.seedSeconds,
    idle,
    sse,
    soak,
    measures: { sent, ...ingest.verify },
    errors,
  };
  if (args.json) process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else {
    console.log(
      `\nbench:load — ${summary.engine}, ${brokerName}, alerts on; Node ${process.version}, ${summary.cores} cores, load ${loadAtStart.map((l) => l.toFixed(1)).join(' ')} at start, ${summary.loadAverage.atEnd.map((l) => l.toFixed(1)).join(' ')} at end`,
    );
    console.log(`  server idle after start: ${memLine(idle)}`);
    if (sse) printSse(sse);
    if (soak) printSoak(soak);
    const v = ingest.verify;
    console.log(
      `\nMeasures: ${f0(sent)} sent, ${f0(v?.acceptedByAcks)} acknowledged, ${f0(v?.storedInDatabase)} stored${v ? (v.ok && v.acceptedByAcks === sent ? ' — every one' : ' — MISSING') : ''}`,
    );
    if (errors.length > 0) console.log(`\nErrors:\n${errors.map((e) => `  - ${e}`).join('\n')}`);
  }
  process.exit(errors.length > 0 ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
