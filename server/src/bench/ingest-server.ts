/**
 * The processes the ingestion benchmark runs against: Aforo itself as a child process (so the
 * generator and the server are measured apart, as two processes on the same machine), a private
 * Mosquitto for the external-broker mode, and a fresh PostgreSQL database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { parseEnv } from '../config/env';
import { openConfiguredDatabase } from '../db/open';
import { freePort } from '../test/free-port';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export { freePort };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Peak and current resident memory (VmHWM, VmRSS) in MB, from /proc (Linux only; 0 elsewhere). */
export function memoryOf(pid: number): { peakMb: number; rssMb: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    return { peakMb: kb('VmHWM') / 1024, rssMb: kb('VmRSS') / 1024 };
  } catch {
    return { peakMb: 0, rssMb: 0 };
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command name (which may hold spaces) start at ") "
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15)
    return ticks / 100; // USER_HZ is 100 on Linux
  } catch {
    return 0;
  }
}

/** CPU seconds of every `postgres` process of the machine (other databases' work included). */
export function postgresCpuSeconds(): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    total += cpuSecondsOf(Number(entry));
  }
  return total;
}

/**
 * CPU seconds of each PostgreSQL backend connected to the database of `url` (pg_stat_activity), by
 * pid: on a machine whose PostgreSQL also serves others, the share of this run alone (the server's
 * background writers, shared by every database, are left out).
 */
export async function databaseBackendsCpu(url: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return new Map(rows.map((r) => [r.pid, cpuSecondsOf(r.pid)]));
  } finally {
    await client.end();
  }
}

/** Busy CPU seconds of the whole machine (all cores, every process), from /proc/stat. */
export function machineBusySeconds(): number {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
    const [user, nice, system, , , irq, softirq, steal] = line.split(/\s+/).slice(1).map(Number);
    return (user! + nice! + system! + irq! + softirq! + steal!) / 100;
  } catch {
    return 0;
  }
}

export interface AforoProcess {
  pid: number;
  httpUrl: string;
  mqttPort: number;
  dataDir: string;
  /** The last lines the server wrote (warnings and errors; LOG_LEVEL=warn). */
  output(): string;
  /** The last JSON log line with this message, if it wrote one (ingest and jobs roles log at info). */
  logged(msg: string): Record<string, unknown> | undefined;
  stop(): Promise<void>;
}

export interface AforoOptions {
  databaseUrl?: string;
  mqttUrl?: string;
  /** Write a V8 CPU profile of the server into this folder (node --cpu-prof). */
  cpuProfileDir?: string;
  /** Run the server on these CPUs only (taskset list, e.g. "0"): see --pin in ingest.ts. */
  cpus?: string;
  extraEnv?: Record<string, string>;
  /**
   * `--role` of the process (default all). api and all are ready when /health answers ok; ingest
   * when it has subscribed to MQTT_URL, jobs when its workers started (they log at info for that).
   */
  role?: 'all' | 'api' | 'ingest' | 'jobs';
}

/** The log line that says a process of each role without HTTP is ready. */
const readyLine = { ingest: 'subscribed to the external broker', jobs: 'notifying started' } as const;

/** Starts `node --import tsx src/main.ts` in server/ on free ports and waits until /health answers ok. */
export async function startAforo(options: AforoOptions): Promise<AforoProcess> {
  const port = await freePort();
  const mqttPort = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-'));
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    PORT: String(port),
    MQTT_PORT: String(mqttPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SEED: 'demo',
    SIMULATOR: 'off',
    LOG_LEVEL: options.role === 'ingest' || options.role === 'jobs' ? 'info' : 'warn',
    RATE_LIMIT_PER_MINUTE: '100000',
    // every simulated device connects from 127.0.0.1 (up to --devices 10000)
    MQTT_MAX_CONNECTIONS_PER_ADDRESS: '100000',
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
    ...(options.mqttUrl ? { MQTT_URL: options.mqttUrl } : {}),
    ...options.extraEnv,
  };
  const nodeArgs = ['--import', 'tsx'];
  if (options.cpuProfileDir) nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfileDir}`);
  // taskset execs node in place: the child's pid is the server's
  const command = options.cpus ? ['taskset', '-c', options.cpus, process.execPath] : [process.execPath];
  const roleArgs = options.role ? [`--role=${options.role}`] : [];
  const child = spawn(command[0]!, [...command.slice(1), ...nodeArgs, 'src/main.ts', ...roleArgs], {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-8000);
  };
  // the JSON lines of stdout by message (the last of each): readiness and the ingest share at exit
  const lines = new Map<string, Record<string, unknown>>();
  let pending = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    keep(chunk);
    const parts = (pending + chunk.toString('utf8')).split('\n');
    pending = parts.pop()!;
    for (const part of parts) {
      if (!part.startsWith('{')) continue;
      try {
        const line = JSON.parse(part) as Record<string, unknown>;
        if (typeof line.msg === 'string') lines.set(line.msg, line);
      } catch {
        // not a log line
      }
    }
  });
  child.stderr!.on('data', keep);
  let exited: number | null | undefined;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code) => {
      exited = code;
      resolve();
    }),
  );

  const httpUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (exited !== undefined) throw new Error(`Aforo exited (code ${exited}) before it was ready:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Aforo (${options.role ?? 'all'}) was not ready within 120 s:\n${tail}`);
    }
    if (options.role === 'ingest' || options.role === 'jobs') {
      if (lines.has(readyLine[options.role])) break;
      await sleep(100);
      continue;
    }
    try {
      const res = await fetch(`${httpUrl}/health`);
      if (res.ok && ((await res.json()) as { status?: string }).status === 'ok') break;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }

  return {
    pid: child.pid!,
    httpUrl,
    mqttPort,
    dataDir,
    output: () => tail,
    logged: (msg) => lines.get(msg),
    stop: () => stopChild(child, exit),
  };
}

async function stopChild(child: ChildProcess, exit: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killed = await Promise.race([exit.then(() => false), sleep(20_000).then(() => true)]);
  if (killed) {
    child.kill('SIGKILL');
    await exit;
  }
}

export interface PrivateMosquitto {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * A Mosquitto of our own on a free port (STACK.md gotcha 11), so the run does not depend on how the
 * machine's service is configured. Anonymous and without persistence: the benchmark measures Aforo,
 * and the broker's ACLs are documented (and tested) in docs/DEVICE-PROTOCOL.md.
 */
export async function startMosquitto(binary = '/usr/sbin/mosquitto'): Promise<PrivateMosquitto> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-mosquitto-'));
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence false',
      // the defaults (20 in flight, 1000 queued per client) throttle the one ingest subscriber
      'max_inflight_messages 1000',
      'max_queued_messages 100000',
      'log_dest stderr',
      'log_type error',
      'log_type warning',
      '',
    ].join('\n'),
  );
  const child = spawn(binary, ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let tail = '';
  child.stderr!.on('data', (c: Buffer) => (tail = (tail + c.toString('utf8')).slice(-4000)));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited: ${tail}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}: ${tail}`);
    await sleep(100);
  }
  return {
    url: `mqtt://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child, exit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A database URL with another database name (same server, user and options). */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Drops and creates `name` on the server of `adminUrl`; returns the new database's URL. */
export async function freshDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const admin = await openConfiguredDatabase(parseEnv({ DATABASE_URL: adminUrl }));
  try {
    // FORCE: a server of an aborted run may still hold connections
    await admin.db.execute(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.db.execute(`CREATE DATABASE ${name}`);
    // every run starts with the dirty pages of the last one written: a checkpoint falling inside
    // one half of a comparison (and its full-page writes after it) would favour the other half
    await admin.db.execute('CHECKPOINT');
  } finally {
    await admin.close();
  }
  return withDatabase(adminUrl, name);
}

/** Runs one read-only query on the server's database (PGlite: only once the server has stopped). */
export async function queryDatabase<T extends Record<string, unknown>>(
  target: { databaseUrl?: string; dataDir: string },
  text: string,
): Promise<T[]> {
  const env = parseEnv(
    target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir },
  );
  const database = await openConfiguredDatabase(env);
  try {
    const result = (await database.db.execute(text)) as unknown as { rows: T[] };
    return result.rows;
  } finally {
    await database.close();
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
