/**
 * `npm run bench:ingest -- [--devices 100] [--seconds 20] [--measures 10] [--inflight 10]
 *  [--engine embedded|postgres|both] [--alerts on|off|both] [--broker private|env] [--cpu-prof DIR]
 *  [--repeat 1] [--parallel] [--pin] [--json] [--keep]`
 * `npm run bench:ingest -- --baseline [--rows 1000000]`: PostgreSQL alone (ingest-baseline.ts).
 *
 * Issue 5 item 8: N simulated devices publish native messages over MQTT, QoS 1, as fast as their
 * in-flight window allows, to a real Aforo started as a child process; then half that rate, paced.
 * Prints measures/s committed end to end, publish→commit latency, peak memory and CPU. Embedded:
 * PGlite + the embedded broker, whose PUBACK comes after commit. PostgreSQL: a fresh database on
 * DATABASE_URL + Mosquitto, where the PUBACK only means "the broker has it", so commit is the
 * server's ack message. With alerts on (the default) the server's alert engine evaluates every batch
 * and reports its commit → alert-recorded delays at shutdown; `--alerts both` runs each engine with
 * and without it and prints the ratio (issue 12: ≥ 90 %); `--repeat N` runs N such pairs, in
 * alternating order (on/off, off/on, …), and prints each pair's ratio and their median — one pair on
 * 2 cores moves ±15 % from run to run. `--parallel` runs each pair's two halves at the same time
 * instead (two servers, two load generators, phases started together): they share the machine, so
 * the absolute rates are lower, but a change of the machine's speed hits both halves alike. `--pin`
 * runs the server on every CPU but the last and this process (the load generator) on the last
 * (taskset), so the generator never takes the server's core; the runs that came out ~25 % slower
 * in every part of the server were mostly V8's wasm tiering, since fixed in main.ts
 * (docs/PERFORMANCE.md, issue 12, fifth and sixth passes). Exits 1 on errors (refused
 * measures, missing acks, lost rows), never on missed targets.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseEnv } from '../config/env';
import { runBaseline } from './ingest-baseline';
import { LoadGenerator, Pacer, type CommitSignal, type PhaseControl } from './ingest-load';
import { provisionDevices } from './ingest-provision';
import {
  formatAlertsComparison,
  formatResult,
  latencyOf,
  phaseFigures,
  type EngineResult,
} from './ingest-report';
import {
  cpuSecondsOf,
  freshDatabase,
  machineBusySeconds,
  memoryOf,
  postgresCpuSeconds,
  queryDatabase,
  removeDir,
  startAforo,
  startMosquitto,
  type PrivateMosquitto,
} from './ingest-server';

type Engine = 'embedded' | 'postgres';

const targets: Record<Engine, { rate: number; p99: number }> = {
  embedded: { rate: 20_000, p99: 250 },
  postgres: { rate: 50_000, p99: 250 },
};
const warmUpMs = 3_000;
const drainMs = 30_000;
const benchDatabase = 'aforo_bench';
const mosquittoBinary = '/usr/sbin/mosquitto';

const { values: args } = parseArgs({
  options: {
    devices: { type: 'string', default: '100' },
    seconds: { type: 'string', default: '20' },
    measures: { type: 'string', default: '10' },
    inflight: { type: 'string', default: '10' },
    engine: { type: 'string' },
    alerts: { type: 'string', default: 'on' },
    broker: { type: 'string', default: 'private' },
    'cpu-prof': { type: 'string' },
    json: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    repeat: { type: 'string', default: '1' },
    parallel: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
    baseline: { type: 'boolean', default: false },
    rows: { type: 'string', default: '1000000' },
  },
});

function positive(name: string, text: string | undefined, max: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

const env = parseEnv();
const options = {
  devices: positive('devices', args.devices, 10_000),
  seconds: positive('seconds', args.seconds, 3_600),
  measures: positive('measures', args.measures, 1_000),
  inflight: positive('inflight', args.inflight, 1_000),
  repeat: positive('repeat', args.repeat, 20),
};
const externalReady = Boolean(env.DATABASE_URL && env.MQTT_URL);
const engineArg = args.engine ?? (externalReady ? 'both' : 'embedded');
if (!['embedded', 'postgres', 'both'].includes(engineArg))
  throw new Error('--engine must be embedded, postgres or both');
if (!['private', 'env'].includes(args.broker!)) throw new Error('--broker must be private or env');
if (!['on', 'off', 'both'].includes(args.alerts!)) throw new Error('--alerts must be on, off or both');
if (args.parallel && args.alerts !== 'both') throw new Error('--parallel needs --alerts both');
if (args.pin && args.parallel) throw new Error('--pin and --parallel do not go together (one core per side)');
const alertModes: boolean[] = args.alerts === 'both' ? [true, false] : [args.alerts === 'on'];
const engines: Engine[] = engineArg === 'both' ? ['embedded', 'postgres'] : [engineArg as Engine];
if (engines.includes('postgres') && !env.DATABASE_URL)
  throw new Error('--engine postgres needs DATABASE_URL');
if (engines.includes('postgres') && args.broker === 'env' && !env.MQTT_URL)
  throw new Error('--broker env needs MQTT_URL');

const say = (line: string) => process.stderr.write(`${line}\n`);

/** --pin: this process (every thread) on the last CPU; returns the CPUs left for the server. */
function pinGenerator(): string | undefined {
  if (!args.pin) return undefined;
  const cpus = os.availableParallelism();
  if (cpus < 2) throw new Error('--pin needs at least 2 CPUs');
  try {
    execFileSync('taskset', ['-a', '-pc', String(cpus - 1), String(process.pid)], { stdio: 'ignore' });
  } catch {
    throw new Error('--pin needs taskset (util-linux)');
  }
  const server = cpus === 2 ? '0' : `0-${cpus - 2}`;
  say(`pinned: load generator on CPU ${cpus - 1}, server on CPU ${server}`);
  return server;
}
const serverCpus = pinGenerator();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resets the peak-RSS mark of this process (Linux clear_refs), so each engine's figure is its own. */
function resetPeakMemory(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the whole run
  }
}

interface CpuMark {
  server: number;
  bench: number;
  broker: number;
  postgres: number;
  machine: number;
  at: number;
}

/**
 * Holds the runs of a --parallel pair at the same points (before each phase): the on and off halves
 * then measure over the same seconds of the machine. A run that ends early leaves it.
 */
function createBarrier(parties: number) {
  let waiting: Array<() => void> = [];
  const release = () => {
    if (waiting.length < parties) return;
    const released = waiting;
    waiting = [];
    released.forEach((resolve) => resolve());
  };
  return {
    arrive: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        release();
      }),
    leave: () => {
      parties -= 1;
      release();
    },
  };
}
type Barrier = ReturnType<typeof createBarrier>;

async function runEngine(engine: Engine, alerts: boolean, together?: Barrier): Promise<EngineResult> {
  resetPeakMemory();
  const errors: string[] = [];
  let mosquitto: PrivateMosquitto | undefined;
  let databaseUrl: string | undefined;
  let mqttUrl: string | undefined;
  if (engine === 'postgres') {
    const name = together ? `${benchDatabase}_${alerts ? 'on' : 'off'}` : benchDatabase;
    databaseUrl = await freshDatabase(env.DATABASE_URL!, name);
    if (args.broker === 'env') mqttUrl = env.MQTT_URL;
    else {
      if (!existsSync(mosquittoBinary))
        throw new Error(`${mosquittoBinary} not found (apt-get install mosquitto)`);
      mosquitto = await startMosquitto(mosquittoBinary);
      mqttUrl = mosquitto.url;
    }
  }
  const signal: CommitSignal = engine === 'embedded' ? 'puback' : 'ack';
  say(
    `[${engine}] starting Aforo (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${mqttUrl ?? 'embedded broker'}, alerts ${alerts ? 'on' : 'off'})`,
  );
  const delaysFile = path.join(os.tmpdir(), `aforo-bench-alert-delays-${process.pid}-${engine}.json`);
  rmSync(delaysFile, { force: true });
  const server = await startAforo({
    databaseUrl,
    mqttUrl,
    cpuProfileDir: args['cpu-prof'],
    cpus: serverCpus,
    extraEnv: {
      MQTT_TOPIC_PREFIX: env.MQTT_TOPIC_PREFIX,
      BACKFILL_DAYS: String(env.BACKFILL_DAYS),
      ALERTS: alerts ? 'on' : 'off',
      ...(alerts ? { ALERT_DELAYS_FILE: delaysFile } : {}),
    },
  });
  const result: EngineResult = {
    engine,
    alerts,
    database: engine === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL',
    broker:
      engine === 'embedded' ? 'embedded Aedes' : mosquitto ? 'Mosquitto (private)' : `Mosquitto ${mqttUrl}`,
    commitSignal: signal,
    devices: options.devices,
    measuresPerMessage: options.measures,
    inflight: options.inflight,
    provisioningSeconds: 0,
    memory: { serverPeakMb: 0, benchPeakMb: 0 },
    errors,
  };
  let serialPrefix = '';
  let generator: LoadGenerator | undefined;
  try {
    say(`[${engine}] provisioning ${options.devices} devices through the HTTP API`);
    const provisioned = await provisionDevices(server.httpUrl, options.devices);
    serialPrefix = provisioned.serialPrefix;
    result.provisioningSeconds = provisioned.seconds;
    generator = new LoadGenerator({
      brokerUrl: mqttUrl ?? `mqtt://127.0.0.1:${server.mqttPort}`,
      prefix: env.MQTT_TOPIC_PREFIX,
      measures: options.measures,
      inflight: options.inflight,
      signal,
    });
    await generator.connect(provisioned.devices);
    const gen = generator;

    const mark = (): CpuMark => ({
      server: cpuSecondsOf(server.pid),
      bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      broker: mosquitto ? cpuSecondsOf(mosquitto.pid) : 0,
      postgres: engine === 'postgres' ? postgresCpuSeconds() : 0,
      machine: machineBusySeconds(),
      at: performance.now(),
    });
    const cpuBetween = (a: CpuMark, b: CpuMark) => {
      const s = (b.at - a.at) / 1000;
      return {
        server: (b.server - a.server) / s,
        bench: (b.bench - a.bench) / s,
        ...(mosquitto ? { broker: (b.broker - a.broker) / s } : {}),
        ...(engine === 'postgres' ? { postgres: (b.postgres - a.postgres) / s } : {}),
        machine: (b.machine - a.machine) / s,
      };
    };

    /** Runs one phase for --seconds; the messages of `phase` are the measured ones. */
    const runPhase = async (control: PhaseControl, warmUp: number) => {
      const running = gen.run(control);
      if (warmUp > 0) {
        await sleep(warmUp);
        control.phase++;
      }
      const start = mark();
      await sleep(options.seconds * 1000);
      const end = mark();
      gen.stopLoops(control);
      await running;
      const missing = await gen.drain(drainMs);
      if (missing > 0)
        errors.push(`${missing} messages without their PUBACK or ack ${drainMs / 1000} s after the phase`);
      return { window: { from: start.at, to: end.at }, cpu: cpuBetween(start, end) };
    };

    await together?.arrive();
    result.loadAverage = os.loadavg()[0];
    say(`[${engine}] full speed: ${warmUpMs / 1000} s warm-up, then ${options.seconds} s measured`);
    const full = await runPhase({ phase: 1, stopped: false }, warmUpMs);
    result.full = phaseFigures(gen.records, 2, full.window, signal, full.cpu);

    const halfRate = result.full.measuresPerSecond / 2;
    await together?.arrive();
    if (halfRate > 0) {
      say(`[${engine}] half rate: ${Math.round(halfRate)} measures/s, paced, for ${options.seconds} s`);
      const pacer = new Pacer(halfRate / options.measures);
      const paced = await runPhase({ phase: 3, stopped: false, pacer }, 0);
      result.paced = {
        ...phaseFigures(gen.records, 3, paced.window, signal, paced.cpu),
        targetMeasuresPerSecond: halfRate,
      };
    } else errors.push('nothing was committed at full speed');

    result.memory = {
      serverPeakMb: memoryOf(server.pid).peakMb,
      benchPeakMb: memoryOf(process.pid).peakMb,
      ...(mosquitto ? { brokerPeakMb: memoryOf(mosquitto.pid).peakMb } : {}),
    };
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  } finally {
    together?.leave();
    await generator?.close();
    await server.stop();
    await mosquitto?.stop();
  }

  if (alerts) {
    try {
      // every round of the run (warm-up included): the engine keeps the last 10,000
      result.alertDelay = latencyOf(JSON.parse(readFileSync(delaysFile, 'utf8')) as number[]);
      rmSync(delaysFile, { force: true });
    } catch (err) {
      errors.push(`no alert delays from the server: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (generator) {
    let acceptedByAcks = 0;
    const counts = { failed: 0, noAck: 0, partly: 0, duplicates: 0, rejected: 0 };
    for (const r of generator.records) {
      if (r.error) counts.failed++;
      else if (r.ack === undefined) counts.noAck++;
      else {
        acceptedByAcks += r.accepted ?? 0;
        if ((r.duplicates ?? 0) > 0) counts.duplicates += r.duplicates!;
        if ((r.rejected ?? 0) > 0) counts.rejected += r.rejected!;
        if (r.accepted !== r.measures) counts.partly++;
      }
    }
    if (counts.failed) errors.push(`${counts.failed} publishes failed`);
    if (counts.noAck) errors.push(`${counts.noAck} messages never got their ack message`);
    if (counts.partly) errors.push(`${counts.partly} messages with fewer accepted measures than sent`);
    if (counts.duplicates) errors.push(`${counts.duplicates} measures counted as duplicates`);
    if (counts.rejected) errors.push(`${counts.rejected} measures rejected`);
    errors.push(...generator.errors.slice(0, 20));
    if (generator.errors.length > 20) errors.push(`… and ${generator.errors.length - 20} more client errors`);
    if (serialPrefix) {
      try {
        const rows = await queryDatabase<{ n: number }>(
          { databaseUrl, dataDir: server.dataDir },
          `SELECT count(*)::int AS n FROM measures m JOIN devices d ON d.id = m.device_id WHERE d.serial LIKE '${serialPrefix}%'`,
        );
        const stored = Number(rows[0]?.n ?? 0);
        const recorded = await queryDatabase<{ n: number }>(
          { databaseUrl, dataDir: server.dataDir },
          `SELECT count(*)::int AS n FROM alerts a JOIN devices d ON d.id = a.device_id WHERE d.serial LIKE '${serialPrefix}%'`,
        );
        result.alertsRecorded = Number(recorded[0]?.n ?? 0);
        result.verify = {
          acceptedByAcks,
          storedInDatabase: stored,
          messages: generator.records.length,
          ok: stored === acceptedByAcks,
        };
        if (!result.verify.ok)
          errors.push(
            `the database holds ${stored} measures of the run, the acks accepted ${acceptedByAcks}`,
          );
      } catch (err) {
        errors.push(
          `counting the stored measures failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
  if (errors.length > 0) say(`[${engine}] server output (last lines):\n${server.output().slice(-3000)}`);
  if (!args.keep) removeDir(server.dataDir);
  return result;
}

/** --baseline: bare COPY and unnest into a fresh database on DATABASE_URL, no Aforo involved. */
async function baseline(): Promise<void> {
  if (!env.DATABASE_URL) throw new Error('--baseline needs DATABASE_URL');
  const count = positive('rows', args.rows, 100_000_000);
  const url = await freshDatabase(env.DATABASE_URL, `${benchDatabase}_baseline`);
  say(`baseline: ${count.toLocaleString('en-US')} rows a method into ${url}`);
  const figures = await runBaseline(url, count);
  if (args.json) process.stdout.write(`${JSON.stringify({ baseline: figures }, null, 2)}\n`);
  else {
    const f = (n: number) => `${Math.round(n).toLocaleString('en-US')} rows/s`;
    console.log(`COPY, bare table                      ${f(figures.copyBare)}`);
    console.log(`COPY, measures shape (PK + index)     ${f(figures.copyShaped)}`);
    console.log(`unnest 5,000/stmt, measures shape     ${f(figures.unnestShaped)}`);
  }
}

async function main(): Promise<void> {
  if (args.baseline) return baseline();
  const results: EngineResult[] = [];
  for (const engine of engines)
    for (let run = 0; run < options.repeat; run += 1)
      if (args.parallel) {
        // both halves at once: whatever the machine's speed does, it does to both
        const together = createBarrier(2);
        results.push(...(await Promise.all(alertModes.map((alerts) => runEngine(engine, alerts, together)))));
      }
      // alternating order, so a drift of the machine (a checkpoint, the page cache) favours neither
      else
        for (const alerts of run % 2 === 0 ? alertModes : [...alertModes].reverse())
          results.push(await runEngine(engine, alerts));
  if (args.json) process.stdout.write(`${JSON.stringify({ options, results }, null, 2)}\n`);
  else {
    for (const r of results) console.log(`\n${formatResult(r, targets[r.engine])}`);
    for (const engine of engines) {
      const on = results.filter((r) => r.engine === engine && r.alerts);
      const off = results.filter((r) => r.engine === engine && !r.alerts);
      if (on.length > 0 && on.length === off.length) console.log(`\n${formatAlertsComparison(on, off)}`);
    }
  }
  if (args['cpu-prof']) say(`CPU profiles of the server: ${args['cpu-prof']}`);
  process.exit(results.some((r) => r.errors.length > 0) ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
