/**
 * `npm run bench:api -- [--reuse] [--seconds 10] [--connections 50] [--runs 3] [--only overview]
 *  [--cpu-prof /tmp/prof] [--user user.norte@demo.aforo.dev]`
 *
 * Issue 25: the main reads under load. Starts Aforo (`--role=all`, as `npm start` does) on a fresh
 * PostgreSQL database of the server DATABASE_URL names (default the local one) with the demo seed and
 * the simulator on, signs in as a client operator of Canal del Norte, then drives each call with
 * `connections` concurrent clients (autocannon) for `seconds`, `/health` first in every round. Prints
 * req/s, p50 and p99 of each call and its req/s as a share of `/health`'s in the same round, with the
 * target (≥ 25 %, the 7-day series ≥ 15 %; p99 ≤ 50 ms); with `--runs N` the medians of N rounds.
 * `--reuse` keeps a database already seeded. `--cpu-prof DIR` writes a V8 profile of the server
 * (read it with `node --import tsx server/src/bench/cpu-profile-top.ts DIR/<file>`).
 * Exits 1 when a call answers anything but 200; never on a missed target.
 */
import { parseArgs } from 'node:util';
import { execSync } from 'node:child_process';
import os from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { benchV1, prepareV1Company } from './api-v1';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    runs: { type: 'string', default: '1' },
    only: { type: 'string' },
    port: { type: 'string', default: '4590' },
    database: { type: 'string', default: 'aforo_bench_api' },
    user: { type: 'string', default: 'user.norte@demo.aforo.dev' },
    'cpu-prof': { type: 'string' },
    json: { type: 'boolean', default: false },
    /** Skip the /api/v1 part (issue 26). */
    'no-v1': { type: 'boolean', default: false },
  },
});
const seconds = Math.max(1, Number(args.seconds));
const connections = Math.max(1, Number(args.connections));
const runs = Math.max(1, Number(args.runs));
const port = Number(args.port);
const base = `http://127.0.0.1:${port}`;
const password = process.env.DEMO_PASSWORD ?? 'aforo-demo-2026';
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Call {
  name: string;
  path: string;
  /** Share of /health's req/s the call must reach. */
  share: number;
  /** Sent without the token (the floor of the stack). */
  open?: boolean;
}

async function prepareDatabase(): Promise<string> {
  const name = args.database!;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!args.reuse || found.rowCount === 0) {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.query(`create database ${name}`);
      console.log(`Fresh database ${name}: the demo seed is written at start (about a minute)`);
    } else console.log(`Reusing ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return target.toString();
}

async function json<T>(path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, init);
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function signIn(): Promise<string> {
  const body = await json<{ token: string }>('/api/login_check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: args.user, password }),
  });
  return body.token;
}

async function callsFor(token: string): Promise<Call[]> {
  const auth = { authorization: `Bearer ${token}` };
  const points = await json<{ rows: Array<{ id: string }> }>('/api/points?page=1&length=25', {
    headers: auth,
  });
  const pointId = points.rows[0]?.id;
  if (!pointId) throw new Error('the demo seed holds no point for this user');
  const to = new Date();
  const from = new Date(to.getTime() - 7 * 86_400_000);
  const range = `from=${encodeURIComponent(from.toISOString())}&to=${encodeURIComponent(to.toISOString())}`;
  const calls: Call[] = [
    { name: 'GET /health', path: '/health', share: 1, open: true },
    { name: 'GET /api/users/info/logged', path: '/api/users/info/logged', share: 0.25 },
    { name: 'GET /api/points (page 1, 25)', path: '/api/points?page=1&length=25', share: 0.25 },
    { name: 'GET /api/devices (page 1, 25)', path: '/api/devices?page=1&length=25', share: 0.25 },
    { name: 'GET /api/monitoring', path: '/api/monitoring', share: 0.25 },
    { name: 'GET /api/alerts (page 1, 25)', path: '/api/alerts?page=1&length=25', share: 0.25 },
    { name: 'GET /api/events (page 1, 25)', path: '/api/events?page=1&length=25', share: 0.25 },
    { name: 'GET /api/overview', path: '/api/overview', share: 0.25 },
    { name: 'GET /api/map/points', path: '/api/map/points', share: 0.25 },
    {
      name: 'GET /api/points/{id}/series (7 days)',
      path: `/api/points/${pointId}/series?${range}`,
      share: 0.15,
    },
  ];
  // every call must answer 200 before it is timed: a fast 4xx would be a false figure
  for (const call of calls) {
    const res = await fetch(`${base}${call.path}`, { headers: call.open ? {} : auth });
    if (res.status !== 200) throw new Error(`${call.name}: ${res.status} ${await res.text()}`);
  }
  return args.only ? calls.filter((c) => c.open || c.name.includes(args.only!)) : calls;
}

interface Figure {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function drive(call: Call, token: string): Promise<Figure> {
  const result = await autocannon({
    url: `${base}${call.path}`,
    connections,
    duration: seconds,
    headers: call.open ? {} : { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, br' },
  });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

function loadAverage(): string {
  return os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
}

async function main() {
  const url = await prepareDatabase();
  const env: Record<string, string> = {
    DATABASE_URL: url,
    SEED: 'demo',
    SIMULATOR: 'on',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // the /api/v1 part drives one token from 50 clients: far past the per-minute burst of a real one
    API_TOKEN_BURST_PER_MINUTE: '10000000',
  };
  if (process.env.MQTT_URL) env.MQTT_URL = process.env.MQTT_URL;
  const nodeArgs = args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [];
  const server = startAforoProcess('all', env, nodeArgs);
  let failed = false;
  try {
    await waitForHealth(server);
    const token = await signIn();
    const calls = await callsFor(token);
    const rounds: Map<string, Figure & { share: number }>[] = [];
    for (let run = 1; run <= runs; run++) {
      console.log(`Round ${run} of ${runs} (load ${loadAverage()})`);
      const round = new Map<string, Figure & { share: number }>();
      let floor = 0;
      for (const call of calls) {
        const figure = await drive(call, token);
        if (call.open) floor = figure.rps;
        if (figure.errors > 0) {
          failed = true;
          console.log(`  ${call.name}: ${figure.errors} errors or non-2xx answers`);
        }
        round.set(call.name, { ...figure, share: floor ? figure.rps / floor : 0 });
        console.log(
          `  ${call.name}: ${Math.round(figure.rps)} req/s, p50 ${figure.p50} ms, p99 ${figure.p99} ms`,
        );
      }
      rounds.push(round);
    }
    report(calls, rounds);
    if (!args['no-v1']) await reportV1(url);
  } finally {
    await server.stop();
  }
  if (failed) process.exit(1);
}

/** The external API's figures (issue 26 targets), as the provider admin who makes the token. */
async function reportV1(url: string) {
  const { companyId, monthPoint } = await prepareV1Company(url);
  const admin = await json<{ token: string }>('/api/login_check', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin@demo.aforo.dev', password }),
  });
  const f = await benchV1({
    base,
    adminToken: admin.token,
    companyId,
    monthPoint,
    samples: 15,
    seconds,
    connections,
  });
  const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
  console.log(`\n/api/v1 (one client, median of 15; then ${connections} clients for ${seconds} s)`);
  console.log('| what | figure | target | |');
  console.log('|---|---|---|---|');
  console.log(
    `| latest values of ${f.points} points | ${f.latestMs.toFixed(1)} ms | < 200 ms | ${met(f.latestMs < 200)} |`,
  );
  console.log(
    `| one point-month of 10-minute observations (${f.monthRows} rows) | ${f.monthMs.toFixed(1)} ms | < 300 ms | ${met(f.monthMs < 300)} |`,
  );
  console.log(
    `| quota check per call under ${connections} clients (Server-Timing), p50 / p99 | ${f.quotaP50.toFixed(2)} / ${f.quotaP99.toFixed(2)} ms | p99 < 2 ms | ${met(f.quotaP99 < 2)} |`,
  );
  console.log(
    `| GET /api/v1/points?limit=25 under ${connections} clients | ${Math.round(f.loadRps)} req/s, p99 ${f.loadP99.toFixed(0)} ms | | |`,
  );
}

async function waitForHealth(server: AforoProcess) {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet: the seed runs before the server listens
    }
    if (!server.running() || Date.now() > deadline)
      throw new Error(`Aforo did not start\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

function report(calls: Call[], rounds: Map<string, Figure & { share: number }>[]) {
  const lines = calls.map((call) => {
    const of = (pick: (f: Figure & { share: number }) => number) =>
      median(rounds.map((r) => pick(r.get(call.name)!)));
    const rps = of((f) => f.rps);
    const share = of((f) => f.share);
    const p50 = of((f) => f.p50);
    const p99 = of((f) => f.p99);
    const met = call.open ? '' : share >= call.share && p99 <= 50 ? 'met' : 'MISSED';
    return { call: call.name, rps, p50, p99, share, target: call.share, met };
  });
  if (args.json) {
    console.log(JSON.stringify({ seconds, connections, runs, lines }, null, 2));
    return;
  }
  const cpu = execSync('nproc').toString().trim();
  console.log(
    `\nMedians of ${runs} round(s); ${connections} connections, ${seconds} s a call; ${cpu} cores, load ${loadAverage()}`,
  );
  console.log('| call | req/s | p50 | p99 | ÷ /health | target | |');
  console.log('|---|---|---|---|---|---|---|');
  for (const l of lines)
    console.log(
      `| \`${l.call}\` | ${Math.round(l.rps).toLocaleString('en')} | ${l.p50} ms | ${l.p99} ms | ${(l.share * 100).toFixed(0)} % | ${l.met ? `≥ ${l.target * 100} %, p99 ≤ 50 ms` : ''} | ${l.met} |`,
    );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
