/**
 * A throw-away PostgreSQL cluster for tests that must stop, start or copy a real server (fault tests,
 * replicas): initdb into a temporary directory, started with pg_ctl on a port of its own, trust auth
 * on 127.0.0.1 only. initdb refuses to run as root, so as root every tool runs as the `postgres`
 * user (runuser), which owns the directory.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port';

/** Where Debian puts the server's tools (pg_ctl, initdb, pg_basebackup are not on PATH). */
export function postgresBin(): string | undefined {
  for (const version of ['17', '16', '15']) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (existsSync(path.join(dir, 'pg_ctl'))) return dir;
  }
  return undefined;
}

export { freePort } from './free-port';

export interface PgCluster {
  port: number;
  dir: string;
  /** The server's log (pg_ctl -l): what log_statement and friends write. */
  logFile: string;
  /** postgres://postgres@127.0.0.1:{port}/{database} */
  url(database?: string): string;
  start(): void;
  /** `pg_ctl stop -m fast`: connections are cut, as when the database server goes away. */
  stop(mode?: 'fast' | 'immediate'): void;
  /** Runs one of the server's tools as the cluster's owner. */
  tool(name: string, args: string[]): string;
  /** Stops it (if running) and deletes its directory. */
  destroy(): void;
}

const asRoot = process.getuid?.() === 0;

function run(bin: string, name: string, args: string[]): string {
  const file = path.join(bin, name);
  return asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', file, ...args], { encoding: 'utf8', stdio: 'pipe' })
    : execFileSync(file, args, { encoding: 'utf8', stdio: 'pipe' });
}

function owned(dir: string): void {
  if (!asRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }));
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }));
  chownSync(dir, uid, gid);
}

/** The cluster in `dir` (already made by initdb or pg_basebackup) on `port`. */
export function clusterAt(bin: string, dir: string, port: number, root: string): PgCluster {
  const logFile = path.join(root, 'server.log');
  let running = false;
  const cluster: PgCluster = {
    port,
    dir,
    logFile,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    tool: (name, args) => run(bin, name, args),
    start() {
      run(bin, 'pg_ctl', [
        '-D',
        dir,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        '-o',
        `-p ${port} -k ${root}`,
        'start',
      ]);
      running = true;
    },
    stop(mode = 'fast') {
      run(bin, 'pg_ctl', ['-D', dir, '-m', mode, '-w', '-t', '60', 'stop']);
      running = false;
    },
    destroy() {
      if (running) {
        try {
          cluster.stop('immediate');
        } catch {
          // already gone
        }
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  return cluster;
}

/**
 * A new cluster, started. `settings` go into postgresql.conf (e.g. wal_level for a replica);
 * replication connections are trusted on 127.0.0.1 so pg_basebackup can copy it.
 */
export async function createPgCluster(settings: Record<string, string> = {}): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server tools not found under /usr/lib/postgresql');
  const root = mkdtempSync(path.join(os.tmpdir(), 'aforo-pg-'));
  owned(root);
  const dir = path.join(root, 'data');
  run(bin, 'initdb', ['-D', dir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']);
  const conf = {
    listen_addresses: "'127.0.0.1'",
    fsync: 'off',
    max_connections: '100',
    shared_buffers: "'64MB'",
    ...settings,
  };
  appendFileSync(
    path.join(dir, 'postgresql.conf'),
    Object.entries(conf)
      .map(([k, v]) => `${k} = ${v}\n`)
      .join(''),
  );
  writeFileSync(
    path.join(dir, 'pg_hba.conf'),
    'local all all trust\nhost all all 127.0.0.1/32 trust\nhost replication all 127.0.0.1/32 trust\n',
  );
  const cluster = clusterAt(bin, dir, await freePort(), root);
  cluster.start();
  return cluster;
}

/**
 * A hot standby of `primary` (made with wal_level=replica, the default), started on a port of its own:
 * `pg_basebackup -R` copies it and writes the standby.signal and primary_conninfo that stream its WAL.
 * `settings` are added to the copied postgresql.conf.
 */
export async function createStandby(
  primary: PgCluster,
  settings: Record<string, string> = {},
): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server tools not found under /usr/lib/postgresql');
  const root = mkdtempSync(path.join(os.tmpdir(), 'aforo-pg-standby-'));
  owned(root);
  const dir = path.join(root, 'data');
  try {
    run(bin, 'pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres'],
      ...['-D', dir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
    ]);
    appendFileSync(
      path.join(dir, 'postgresql.conf'),
      Object.entries({ hot_standby: 'on', ...settings })
        .map(([k, v]) => `${k} = ${v}\n`)
        .join(''),
    );
    const standby = clusterAt(bin, dir, await freePort(), root);
    standby.start();
    return standby;
  } catch (err) {
    rmSync(root, { recursive: true, force: true });
    throw err;
  }
}

/** Whether this machine can make throw-away clusters (the server's tools, and runuser as root). */
export function canCreatePgCluster(): boolean {
  if (!postgresBin()) return false;
  if (!asRoot) return true;
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
