/**
 * A real nginx (Debian's `nginx-light` or `nginx`) in front of Aforo's API processes, on a free port
 * with the configuration docs/OPERATIONS.md "Load balancer" shows (the nginx variant), everything it
 * writes in a temporary directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

export const nginxBin = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

export interface NginxBalancer {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

/** The `upstream` and `server` blocks of docs/OPERATIONS.md for `servers` (host:port each). */
export function nginxSiteConfig(options: { listen: string; servers: string[] }): string {
  const proxied = [
    '      proxy_pass http://aforo_api;',
    // HTTP/1.1 and no Connection header: kept-alive connections to the API processes
    '      proxy_http_version 1.1;',
    '      proxy_set_header Connection "";',
    '      proxy_set_header Host $host;',
    '      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
    '      proxy_set_header X-Forwarded-Proto $scheme;',
    // a process that refuses or drops the connection: the next one (GET, HEAD; never a POST)
    '      proxy_next_upstream error timeout;',
    '      add_header X-Aforo-Upstream $upstream_addr always;',
  ];
  return [
    '  upstream aforo_api {',
    ...options.servers.map((s) => `    server ${s} max_fails=1 fail_timeout=5s;`),
    '    keepalive 32;',
    '  }',
    '  server {',
    `    listen ${options.listen};`,
    '    location / {',
    ...proxied,
    '    }',
    // the live stream: nothing buffered (the server also sends X-Accel-Buffering: no), and an idle
    // connection kept far past the 20 s heartbeat
    '    location = /api/stream {',
    ...proxied,
    '      proxy_buffering off;',
    '      proxy_cache off;',
    '      proxy_read_timeout 1h;',
    '      proxy_send_timeout 1h;',
    '    }',
    '  }',
  ].join('\n');
}

export async function startNginx(servers: string[]): Promise<NginxBalancer> {
  if (!nginxBin) throw new Error('nginx not installed (apt-get install nginx-light)');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-nginx-'));
  const port = await freePort();
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(
    config,
    [
      'worker_processes 1;',
      `pid ${dir}/nginx.pid;`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      nginxSiteConfig({ listen: `127.0.0.1:${port}`, servers }),
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(nginxBin, ['-p', dir, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const open = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.destroy();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}: ${output}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        // TERM: nginx's fast shutdown (open streams end)
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
