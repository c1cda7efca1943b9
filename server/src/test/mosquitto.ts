/**
 * A Mosquitto broker of the test's own, on a port of its own, that the test can stop and start
 * again (the system's broker on 1883 is shared by other tests and left alone). Persistence is on,
 * as in production: a persistent session's queued messages survive a restart.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-cluster';

export const mosquittoBin = ['/usr/sbin/mosquitto', '/usr/bin/mosquitto'].find((p) => existsSync(p));

export interface TestBroker {
  port: number;
  url: string;
  start(): Promise<void>;
  /** SIGTERM: Mosquitto writes its persistence file and exits, as a service restart does. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`mosquitto did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function createTestBroker(): Promise<TestBroker> {
  if (!mosquittoBin) throw new Error('mosquitto not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'aforo-mosquitto-'));
  const port = await freePort();
  const conf = path.join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous true',
      'persistence true',
      `persistence_location ${dir}/`,
      // as root Mosquitto drops to the `mosquitto` user, which could not write the directory
      ...(process.getuid?.() === 0 ? ['user root'] : []),
      // production setting (docs/OPERATIONS.md, "Faults"): the default 1,000 queued messages per
      // persistent session would drop QoS 1 messages while Aforo is away
      'max_queued_messages 1000000',
      'max_inflight_messages 0',
      ...(process.env.MOSQUITTO_DEBUG_LOG
        ? [`log_dest file ${process.env.MOSQUITTO_DEBUG_LOG}`, 'log_type all']
        : []),
      '',
    ].join('\n'),
  );
  let child: ChildProcess | undefined;
  let output = '';
  const broker: TestBroker = {
    port,
    url: `mqtt://127.0.0.1:${port}`,
    async start() {
      child = spawn(mosquittoBin!, ['-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      await listening(port, 10_000).catch((err: unknown) => {
        throw new Error(`${String(err)}\n${output}`);
      });
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGTERM');
      await exited;
    },
    async destroy() {
      await broker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await broker.start();
  return broker;
}
