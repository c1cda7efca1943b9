/**
 * A real HAProxy (Debian's `haproxy` package) in front of Aforo's API processes, on a free port with
 * a configuration of the test's own: the one docs/OPERATIONS.md "Load balancer" shows, plus a stats
 * socket the test reads each server's health-check state from.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

export const haproxyBin = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));

export interface Balancer {
  url: string;
  /** A server's state as its health checks see it: UP, DOWN, or a transition (e.g. "UP 1/2"). */
  serverStatus(name: string): Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

/**
 * The configuration of docs/OPERATIONS.md for `servers` (name → host:port): health check on
 * GET /health, timeouts long enough for the live stream (GET /api/stream, a comment every 20 s),
 * nothing buffered, a failed connection retried on the other server.
 */
export function haproxyConfig(options: {
  port: number;
  servers: Record<string, string>;
  statsSocket?: string;
}): string {
  return [
    'global',
    // each open stream holds a client and a server connection: size it to the streams expected
    '  maxconn 4000',
    ...(options.statsSocket ? [`  stats socket ${options.statsSocket} mode 600 level admin`] : []),
    '',
    'defaults',
    '  mode http',
    '  option forwardfor',
    '  timeout connect 5s',
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    // an open stream is quiet between events: the server writes a comment every 20 s, well inside
    '  timeout client 1h',
    '  timeout server 1h',
    '  timeout tunnel 1h',
    // a connection refused (a process that just stopped) is tried again on another server; so is
    // a GET sent on a kept-alive connection the stopping process closed at that moment (without
    // empty-response HAProxy closes the client's connection instead, for the client to retry).
    // Never a POST, PUT or DELETE: the server may have acted on it before its connection closed
    '  option redispatch',
    '  retries 2',
    '  retry-on conn-failure empty-response',
    '',
    'frontend aforo',
    `  bind 127.0.0.1:${options.port}`,
    '  default_backend aforo_api',
    '',
    'backend aforo_api',
    '  balance roundrobin',
    '  http-request disable-l7-retry if !METH_GET !METH_HEAD',
    '  option httpchk GET /health',
    '  http-check expect status 200',
    // which process answered (for the test and for an operator's curl -i)
    '  http-response set-header X-Aforo-Server %[srv_name]',
    '  default-server inter 1s fall 2 rise 2',
    ...Object.entries(options.servers).map(([name, address]) => `  server ${name} ${address} check`),
    '',
  ].join('\n');
}

function statsCommand(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const c = net.connect(socket, () => c.write(`${command}\n`));
    c.on('data', (chunk) => (text += chunk.toString()));
    c.on('end', () => resolve(text));
    c.on('error', reject);
  });
}

export async function startHaproxy(servers: Record<string, string>): Promise<Balancer> {
  if (!haproxyBin) throw new Error('haproxy not installed (apt-get install haproxy)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-haproxy-'));
  const port = await freePort();
  const socket = path.join(dir, 'admin.sock');
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(config, haproxyConfig({ port, servers, statsSocket: socket }));
  // -db: in the foreground, logs to stderr
  const child: ChildProcess = spawn(haproxyBin, ['-db', '-f', config], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited: ${output}`);
    if (existsSync(socket)) {
      const open = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.destroy();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (open) break;
    }
    if (Date.now() > deadline) throw new Error(`haproxy did not listen on ${port}: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async serverStatus(name) {
      // CSV: "# pxname,svname,…,status,…", a row per frontend, server and backend
      const lines = (await statsCommand(socket, 'show stat')).split('\n');
      const header = lines[0]!.replace(/^# /, '').split(',');
      const row = lines
        .slice(1)
        .map((l) => l.split(','))
        .find((cells) => cells[0] === 'aforo_api' && cells[1] === name);
      if (!row) throw new Error(`no server ${name} in haproxy's stats`);
      return row[header.indexOf('status')]!;
    },
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
