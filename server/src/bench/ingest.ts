/**
 * `npm run bench:ingest -- [--devices 100] [--seconds 20] [--measures 10] [--inflight 10]
 *  [--engine embedded|postgres|both] [--alerts on|off|both] [--broker private|env] [--cpu-prof DIR]
 *  [--repeat 1] [--parallel] [--pin] [--json] [--keep] [--ingest-processes N[,M…]]`
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
 *
 * Issue 27, scale-out: `--ingest-processes N` (PostgreSQL and an external broker only) starts the
 * production topology instead of one `--role=all` process — an `api` process (provisioning), a
 * `jobs` process and N `--role=ingest` processes that share the broker's messages through the
 * shared subscription (ingest-cluster.ts) — and prints each process's share of the messages and CPU.
 * `--ingest-processes 1,2 --repeat 3` alternates the counts (1,2 then 2,1 …) and prints each count's
 * median, range and ratio. Every measure is still checked stored once (stored = accepted by acks,
 * no duplicates, no message acked twice).
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { parseEnv } from '../config/env';
import { runBaseline } from './ingest-baseline';
import {
  formatAlertsComparison,
  formatProcessesComparison,
  formatResult,
  type EngineResult,
} from './ingest-report';
import { benchDatabase, createBarrier, runEngine, say, type Engine, type RunSettings } from './ingest-run';
import { freshDatabase } from './ingest-server';

const targets: Record<Engine, { rate: number; p99: number }> = {
  embedded: { rate: 20_000, p99: 250 },
  postgres: { rate: 50_000, p99: 250 },
};

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
    'ingest-processes': { type: 'string' },
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
/** --ingest-processes: the counts to run (undefined: one `--role=all` process, as before). */
const processCounts: Array<number | undefined> =
  args['ingest-processes'] === undefined
    ? [undefined]
    : [...new Set(args['ingest-processes'].split(',').map((n) => positive('ingest-processes', n.trim(), 8)))];
const engineArg =
  args.engine ?? (processCounts[0] !== undefined ? 'postgres' : externalReady ? 'both' : 'embedded');
if (!['embedded', 'postgres', 'both'].includes(engineArg))
  throw new Error('--engine must be embedded, postgres or both');
if (!['private', 'env'].includes(args.broker!)) throw new Error('--broker must be private or env');
if (!['on', 'off', 'both'].includes(args.alerts!)) throw new Error('--alerts must be on, off or both');
if (args.parallel && args.alerts !== 'both') throw new Error('--parallel needs --alerts both');
if (args.pin && args.parallel) throw new Error('--pin and --parallel do not go together (one core per side)');
if (processCounts[0] !== undefined) {
  if (engineArg !== 'postgres')
    throw new Error('--ingest-processes needs --engine postgres (PGlite is one process)');
  if (args.parallel) throw new Error('--ingest-processes and --parallel do not go together');
}
const alertModes: boolean[] = args.alerts === 'both' ? [true, false] : [args.alerts === 'on'];
const engines: Engine[] = engineArg === 'both' ? ['embedded', 'postgres'] : [engineArg as Engine];
if (engines.includes('postgres') && !env.DATABASE_URL)
  throw new Error('--engine postgres needs DATABASE_URL');
if (engines.includes('postgres') && args.broker === 'env' && !env.MQTT_URL)
  throw new Error('--broker env needs MQTT_URL');

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
const settings: RunSettings = {
  env,
  options,
  broker: args.broker as RunSettings['broker'],
  cpuProfileDir: args['cpu-prof'],
  keep: args.keep!,
  serverCpus,
};

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
  // every alerts mode with every process count; each repeat runs them in the opposite order
  const variants = alertModes.flatMap((alerts) => processCounts.map((processes) => ({ alerts, processes })));
  for (const engine of engines)
    for (let run = 0; run < options.repeat; run += 1)
      if (args.parallel) {
        // both halves at once: whatever the machine's speed does, it does to both
        const together = createBarrier(2);
        results.push(
          ...(await Promise.all(alertModes.map((alerts) => runEngine(settings, engine, alerts, together)))),
        );
      }
      // alternating order, so a drift of the machine (a checkpoint, the page cache) favours neither
      else
        for (const { alerts, processes } of run % 2 === 0 ? variants : [...variants].reverse())
          results.push(await runEngine(settings, engine, alerts, undefined, processes));
  if (args.json) process.stdout.write(`${JSON.stringify({ options, results }, null, 2)}\n`);
  else {
    for (const r of results) console.log(`\n${formatResult(r, targets[r.engine])}`);
    for (const engine of engines)
      for (const processes of processCounts) {
        const of = results.filter((r) => r.engine === engine && r.ingestProcesses === processes);
        const on = of.filter((r) => r.alerts);
        const off = of.filter((r) => !r.alerts);
        if (on.length > 0 && on.length === off.length) console.log(`\n${formatAlertsComparison(on, off)}`);
      }
    if (processCounts.length > 1)
      for (const alerts of alertModes)
        console.log(`\n${formatProcessesComparison(results.filter((r) => r.alerts === alerts))}`);
  }
  if (args['cpu-prof']) say(`CPU profiles of the server: ${args['cpu-prof']}`);
  process.exit(results.some((r) => r.errors.length > 0) ? 1 : 0);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
