/**
 * Aforo as a child process (`node --import tsx server/src/main.ts --role=…`), as production runs it:
 * for tests of what only happens between processes. Its pino lines are read to learn its ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AforoProcess {
  /** The child's process id (its memory in /proc/<pid>/status, for bench:load). */
  pid: number;
  /** The first log line (parsed) that satisfies `match`, waiting up to `timeoutMs`. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  /** Everything it wrote, for a failing test's message. */
  output(): string;
  /** False once it has exited. */
  running(): boolean;
  /** SIGTERM, then SIGKILL if it has not exited after 10 s. */
  stop(): Promise<void>;
  /** SIGKILL, as a crash: nothing is finished or flushed. Resolves once it has exited. */
  kill(): Promise<void>;
}

export function startAforoProcess(
  role: 'api' | 'ingest' | 'jobs' | 'all',
  env: Record<string, string>,
  /** Node's own flags before the script (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs: string[] = [],
): AforoProcess {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `aforo-${role}-`));
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeArgs, '--import', 'tsx', 'server/src/main.ts', `--role=${role}`],
    {
      cwd: repositoryRoot,
      env: {
        PATH: process.env.PATH ?? '',
        HOST: '127.0.0.1',
        PORT: '0',
        MQTT_PORT: '0',
        SEED: 'none',
        SIMULATOR: 'off',
        LOG_LEVEL: 'info',
        DATA_DIR: dataDir,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const lines: Array<Record<string, unknown>> = [];
  let text = '';
  let pending = '';
  const waiters = new Set<() => void>();
  child.stdout!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
    pending += chunk.toString();
    const parts = pending.split('\n');
    pending = parts.pop()!;
    for (const part of parts) {
      try {
        lines.push(JSON.parse(part) as Record<string, unknown>);
      } catch {
        // the start-up banner and other plain lines
      }
    }
    waiters.forEach((w) => w());
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('exit', () => waiters.forEach((w) => w()));

  return {
    pid: child.pid!,
    async waitForLog(match, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find(match);
        if (found) return found;
        if (child.exitCode !== null || Date.now() > deadline)
          throw new Error(`${role}: no such log line (exit ${child.exitCode})\n${text}`);
        await new Promise<void>((resolve) => {
          waiters.add(resolve);
          setTimeout(() => {
            waiters.delete(resolve);
            resolve();
          }, 250);
        });
      }
    },
    output: () => text,
    running: () => child.exitCode === null && child.signalCode === null,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
