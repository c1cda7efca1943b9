/** Starts Aforo: `--role=api|ingest|jobs|all` (default all) on the settings of config/env.ts. */
import { writeFileSync } from 'node:fs';
import v8 from 'node:v8';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { TokenService } from './auth/jwt';
import { loadJwtSecret } from './auth/secret';
import { mapTiles, parseEnv, publicUrl } from './config/env';
import { createNotifyChannel } from './db/notify-channel';
import { openConfiguredDatabase } from './db/open';
import { openReadReplica } from './db/read-replica';
import { transactor } from './db/transaction';
import { seedIfEmpty } from './demo/seed';
import { demoAccounts, demoCompanies } from './demo/demo';
import { createAlertEngine } from './alerting/alert-engine';
import { announceLatestValues } from './ingestion/latest-announcer';
import { silenceJob } from './alerting/silence-job';
import { dailySummaryJob } from './reporting/daily-summary-job';
import { createReportDelivery } from './reporting/report-delivery';
import { reportScheduleJob } from './reporting/report-schedule-job';
import { createStaleMarker } from './reporting/stale-marker';
import { createEventBus } from './events/event-bus';
import { createNotifying } from './notifying/notifying';
import { createMailWorker } from './mail/mail-worker';
import { buildApp } from './app';
import { startEmbeddedBroker } from './ingestion/broker';
import { startExternalIngest } from './ingestion/external';
import { createIngestion, type Ingestion } from './ingestion/ingestion';
import { partitionsJob } from './jobs/partitions-job';
import { measureRetentionJob } from './jobs/measure-retention';
import { createScheduler } from './jobs/scheduler';
import { createLogger } from './lib/logger';
import { collectProcessMetrics, databaseMetrics } from './observability/metrics';
import { startMetricsServer } from './observability/metrics-server';
import { loadDemoDevices } from './demo/demo-devices';
import { startSimulator } from './demo/simulator';

const roles = ['api', 'ingest', 'jobs', 'all'] as const;
type ProcessRole = (typeof roles)[number];

function roleFromArgs(argv: string[]): ProcessRole {
  const arg = argv.find((a) => a.startsWith('--role='))?.slice('--role='.length) ?? 'all';
  if (!(roles as readonly string[]).includes(arg))
    throw new Error(`--role must be one of ${roles.join(', ')}`);
  return arg as ProcessRole;
}

/** Resolves once the log has written nothing for `quietMs`, or after `maxMs` whatever it does. */
async function quietLog(lastLine: () => number, { quietMs, maxMs }: { quietMs: number; maxMs: number }) {
  const until = Date.now() + maxMs;
  while (Date.now() < until) {
    const quietLeft = lastLine() + quietMs - Date.now();
    if (quietLeft <= 0) return;
    await new Promise((resolve) => setTimeout(resolve, Math.min(quietLeft, until - Date.now())));
  }
}

async function main(): Promise<void> {
  const env = parseEnv();
  const role = roleFromArgs(process.argv.slice(2));
  // when the log last wrote a line: the banner waits for the start-up's lines to end
  let lastLine = Date.now();
  const log = createLogger(env.LOG_LEVEL, undefined, undefined, () => {
    lastLine = Date.now();
  });
  const here = path.dirname(fileURLToPath(import.meta.url));
  const webDist = env.WEB_DIST ?? path.resolve(here, '../../web/dist');

  // The embedded engine is PostgreSQL compiled to wasm. V8 starts wasm on its baseline compiler
  // (Liftoff) and re-compiles hot functions later on background threads; under a full ingest load
  // that left some runs ~25 % slower throughout (docs/PERFORMANCE.md, sixth pass). Compiling it
  // optimised up front costs ~1.7 s at start; since, no run fell that far, and the median run is
  // ~10 % faster. Set here, not in the database client: tests open PGlite many times and would pay
  // the compile each time. Node 26's V8 aborts the process when this flag changes after start
  // (`Check failed: function_feedback != …`, 26.12.1); there it is left to the command line
  // (`node --no-liftoff`). Measured and tested on 20, 22 and 24 (README "Node versions").
  if (!env.DATABASE_URL && Number(process.versions.node.split('.')[0]) <= 24) v8.setFlagsFromString('--no-liftoff');
  const database = await openConfiguredDatabase(env);
  await database.migrate();
  log.info({ engine: database.kind }, 'database ready, migrations applied');
  // GET /metrics (docs/OPERATIONS.md "Aforo's own metrics"): the process's own figures and the pool's use
  collectProcessMetrics();
  databaseMetrics.track(database);
  const metricsAccess = { token: env.METRICS_TOKEN, allowInternal: env.METRICS_ALLOW_INTERNAL === 'on' };
  const seeded = await seedIfEmpty(database.db, env.SEED, env.DEMO_PASSWORD);
  if (seeded) log.info('demo seed written');

  const closers: Array<() => Promise<void>> = [];
  // every role publishes and listens: on PostgreSQL the processes hear each other (LISTEN/NOTIFY)
  const events = createEventBus({
    log,
    transport: database.kind === 'postgres' ? createNotifyChannel(database, log) : undefined,
  });
  await events.start();
  if (role === 'all' || role === 'jobs') {
    // once across the cluster however many processes run the jobs role (advisory lock + claimed tick)
    const scheduler = createScheduler({ database, log });
    scheduler.add(partitionsJob(database.db, env.BACKFILL_DAYS, log));
    // measures past each company's retention, failed measures past theirs (docs/OPERATIONS.md "Data life")
    scheduler.add(
      measureRetentionJob({
        database,
        backfillDays: env.BACKFILL_DAYS,
        failedMeasureDays: env.FAILED_MEASURE_RETENTION_DAYS,
        log,
      }),
    );
    scheduler.add(silenceJob(database, events, log));
    // a revision the daily job freezes, and a month the schedule closes, mail their report in the
    // transaction that writes it (docs/REPORTS.md "Delivery"); the mail worker below sends them
    const transact = transactor(database.db, events);
    const delivery = createReportDelivery({ publicUrl: publicUrl(env) });
    scheduler.add(dailySummaryJob(database.db, { transact, onFrozen: delivery.onFrozen }));
    scheduler.add(reportScheduleJob({ db: database.db, transact, onFrozen: delivery.onFrozen, log }));
    // alerts → notifications → deliveries (docs/ALERTS.md): routed on alert.changed, the queue worked here
    const notifying = createNotifying({
      database,
      events,
      log,
      smtpUrl: env.SMTP_URL,
      allowPrivateWebhooks: env.WEBHOOK_ALLOW_PRIVATE,
      retentionDays: env.NOTIFICATION_RETENTION_DAYS,
      publicUrl: publicUrl(env),
    });
    for (const job of notifying.jobs()) scheduler.add(job);
    // resolves after the runs due at start: the partitions exist before ingestion begins
    await scheduler.start();
    notifying.start();
    log.info('notifying started');
    // mails the API queued (mail.queued from any process), to SMTP with retries (docs/OPERATIONS.md, "Mail")
    const mailWorker = createMailWorker({ db: database.db, events, log, smtpUrl: env.SMTP_URL });
    mailWorker.start();
    closers.push(scheduler.stop, notifying.close, mailWorker.close);
  }

  // the API needs ingestion too: POST /ingest/v1/up (configs are republished by whoever hears the change)
  let ingestion: Ingestion | undefined;
  if (role === 'all' || role === 'ingest' || role === 'api') {
    ingestion = createIngestion({
      database,
      log,
      topicPrefix: env.MQTT_TOPIC_PREFIX,
      backfillDays: env.BACKFILL_DAYS,
      maxMessageBytes: env.MQTT_MAX_PACKET_BYTES,
      events,
    });
    closers.push(ingestion.close);
    // late measures mark their computed day for recomputation where batches commit (docs/REPORTS.md)
    const staleMarker = createStaleMarker({ db: database.db, events, log });
    closers.push(async () => staleMarker.close());
    // alerts are evaluated where batches commit (docs/ALERTS.md); first what a crash left unevaluated
    if (env.ALERTS === 'on') {
      const alerting = createAlertEngine({ database, events, log, writers: ingestion.presence });
      await alerting.catchUp();
      // closes after the writer (closers run in order): its last batches are evaluated too
      closers.push(async () => {
        await alerting.close();
        if (env.ALERT_DELAYS_FILE) writeFileSync(env.ALERT_DELAYS_FILE, JSON.stringify(alerting.delays));
      });
    } else {
      log.warn('ALERTS=off: committed measures are not evaluated for alerts');
      // the stream and the latest-values cache still hear of new values
      const stopAnnouncing = announceLatestValues(events);
      closers.push(async () => stopAnnouncing());
    }
  }
  let brokerUrl: string | undefined;
  // GET /health names the external broker when this process ingests from one
  let brokerConnected: (() => boolean) | undefined;
  if (ingestion && (role === 'all' || role === 'ingest')) {
    if (env.MQTT_URL) {
      brokerUrl = env.MQTT_URL;
      const external = await startExternalIngest(
        {
          url: env.MQTT_URL,
          clientId: env.MQTT_CLIENT_ID,
          ingestion,
          shared: env.MQTT_SHARED_SUBSCRIPTION === 'on',
          databaseAnswers: database.ping,
        },
        log,
      );
      closers.unshift(external.close);
      brokerConnected = () => external.client.connected;
    } else {
      const limits = {
        connectTimeoutMs: env.MQTT_CONNECT_TIMEOUT_SECONDS * 1000,
        maxConnectionsPerAddress: env.MQTT_MAX_CONNECTIONS_PER_ADDRESS,
      };
      const listen = (port: number) =>
        startEmbeddedBroker({ port, host: env.HOST, ingestion: ingestion!, limits }, log);
      // a port already taken (a system Mosquitto on 1883, say) must not leave the demo without a
      // broker: listen on a free port instead and say so; devices in the field use MQTT_PORT or MQTT_URL
      const broker = await listen(env.MQTT_PORT).catch(async (err: unknown) => {
        const fallback = await listen(0);
        log.warn(
          { err, port: env.MQTT_PORT, listening: fallback.port },
          `MQTT_PORT ${env.MQTT_PORT} is taken: the embedded broker listens on ${fallback.port} instead (set MQTT_PORT or MQTT_URL)`,
        );
        return fallback;
      });
      brokerUrl = `mqtt://127.0.0.1:${broker.port}`;
      // the broker stops first: no message is taken that the writer could not finish
      closers.unshift(broker.close);
      log.info({ port: broker.port }, 'embedded MQTT broker listening');
    }
  }

  // the demo devices report through the real MQTT path, so a newcomer sees live data (docs/OPERATIONS.md)
  if (brokerUrl && env.SIMULATOR === 'on' && env.SEED === 'demo') {
    // every start plays the live scenario: one of each alert within minutes (demo/demo-scenario.ts)
    const devices = await loadDemoDevices(database.db, env.DEMO_PASSWORD, {
      start: Date.now(),
      stepMs: env.SIMULATOR_INTERVAL_SECONDS * 1000,
    });
    if (devices.length > 0) {
      const simulator = await startSimulator({
        mqttUrl: brokerUrl,
        topicPrefix: env.MQTT_TOPIC_PREFIX,
        devices,
        intervalSeconds: env.SIMULATOR_INTERVAL_SECONDS,
        log,
      });
      // stops before the broker, so its last messages are answered
      closers.unshift(simulator.stop);
    }
  }

  if (role === 'all' || role === 'api') {
    const tokens = new TokenService(loadJwtSecret(env.JWT_SECRET, env.DATA_DIR));
    const limit = env.RATE_LIMIT_PER_MINUTE;
    // charts, reports and exports on a streaming replica (docs/OPERATIONS.md "Read replica")
    const reads = env.DATABASE_READ_URL
      ? await openReadReplica({ primary: database, url: env.DATABASE_READ_URL, log })
      : undefined;
    if (reads) closers.push(reads.close);
    const app = await buildApp({
      database,
      tokens,
      logger: log,
      webDist,
      publicUrl: publicUrl(env),
      webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      // failures per address on one account; 3× that over all accounts; per account only a slow-down
      signInLimits: { perAccountAndIp: limit, perIp: 3 * limit, perAccount: limit },
      publicCallsPerMinute: limit,
      publicDashboardPerMinute: env.PUBLIC_DASHBOARD_RATE_LIMIT_PER_MINUTE,
      trustProxy: env.TRUST_PROXY === 'on',
      ingestion,
      events,
      mapTiles: mapTiles(env),
      sessionCache: { maxAgeMs: env.SESSION_CACHE_SECONDS * 1000 },
      apiTokenBurstPerMinute: env.API_TOKEN_BURST_PER_MINUTE,
      brokerConnected,
      metrics: metricsAccess,
      reads,
    });
    await app.listen({ port: env.PORT, host: env.HOST });
    closers.unshift(() => app.close());
    const url = publicUrl(env);
    const lines = [`Aforo is running at ${url}  (API docs: ${url}/api/docs)`];
    if (brokerUrl)
      lines.push(
        `Devices report to ${brokerUrl} (topics ${env.MQTT_TOPIC_PREFIX}/{product}/{serial}/up, docs/DEVICE-PROTOCOL.md) or POST ${url}/ingest/v1/up`,
      );
    if (env.SEED === 'demo') {
      lines.push(`Demo sign-in: ${demoAccounts[0]!.email} / ${env.DEMO_PASSWORD}`);
      lines.push(
        `Other demo users (same password): ${demoAccounts
          .slice(1)
          .map((a) => a.email)
          .join(', ')}`,
      );
      lines.push(`Public dashboard (no sign-in): ${url}/public/dashboard/${demoCompanies.norte.slug}`);
    }
    // last, not buried among the start's log lines (issue 22 item 15): what the start set off
    // (alerts caught up and routed, the first jobs, the simulator's first messages) settles first
    await events.idle();
    await quietLog(() => lastLine, { quietMs: 1500, maxMs: 15_000 });
    await new Promise<void>((resolve) => log.flush(() => resolve()));
    console.log(`\n${lines.join('\n')}\n`);
  }

  // any role, the ingest and jobs ones above all (they have no HTTP server): only GET /metrics
  if (env.METRICS_PORT !== undefined) {
    const metricsServer = await startMetricsServer({
      port: env.METRICS_PORT,
      host: env.HOST,
      access: metricsAccess,
    });
    closers.unshift(metricsServer.close);
    log.info({ port: metricsServer.port }, 'metrics listening (GET /metrics)');
  }

  // last: what the writer and the jobs publish while they finish is still delivered
  closers.push(events.close);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    for (const close of closers) await close().catch((err: unknown) => log.error({ err }, 'close failed'));
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
