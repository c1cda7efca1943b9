/**
 * `npm run bench:notify [-- --runs 20]`: publish → in-app notification shown in an open browser
 * (docs/ALERTS.md target: commit → in-app notification < 2 s). Starts the real server as the e2e
 * config does (embedded PGlite and broker, demo seed, simulator off, free ports), opens the app in
 * headless system Chromium as an operator the demo notification config reaches, with the bell open,
 * then per run publishes over real MQTT a level above a fresh point's danger value and times
 * publish → the notification's row appearing in the bell (a MutationObserver in the page, on the
 * page's clock: same machine). The notification's createdAt (the routing transaction's now()) splits
 * each run into publish → routed (ingest, commit, alert, routing) and routed → shown (stream,
 * refetch, render).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import {
  companyApi,
  companyIdByName,
  connectAsDevice,
  installLevelStation,
  levelCatalogue,
  levelMessage,
  milliampsFor,
  norteName,
  type LevelStation,
} from '../specs/fleet';
import { apiToken, openSignedIn } from '../specs/helpers';

declare global {
  interface Window {
    /** Resolves with the page's Date.now() when the awaited notification is in the bell. */
    benchBellSeen?: Promise<number>;
  }
}

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '20' },
    chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  },
});
const runs = Number(args.runs);
const repoDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const adminEmail = 'admin@demo.aforo.dev';
/** A recipient of the demo config "Avisos de crecida y fallos de sensor" (ROLE_CHIEF_CLIENTE). */
const operatorEmail = 'chief-cliente.norte@demo.aforo.dev';
const shownTimeoutMs = 15_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The server as e2e/playwright.config.ts starts it, on free ports and a fresh data dir. */
async function startServer() {
  const [port, mqttPort] = [await freePort(), await freePort()];
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'aforo-bench-notify-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: path.join(repoDir, 'server'),
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      MQTT_PORT: String(mqttPort),
      DATA_DIR: dataDir,
      SEED: 'demo',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_URL: '',
      MQTT_URL: '',
    },
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const baseURL = `http://127.0.0.1:${port}`;
  const started = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${stderr}`);
    if (Date.now() - started > 180_000) throw new Error(`the server did not answer /health:\n${stderr}`);
    const ok = await fetch(`${baseURL}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await sleep(250);
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL, mqttPort, stop, startupMs: Date.now() - started };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summary(name: string, values: number[]): string {
  const s = [...values].sort((a, b) => a - b);
  const f = (n: number) => `${Math.round(n)} ms`.padStart(8);
  return `${name.padEnd(28)} min ${f(s[0]!)}  median ${f(percentile(s, 50))}  p95 ${f(percentile(s, 95))}  max ${f(s.at(-1)!)}`;
}

async function main() {
  console.log(
    `load before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} (${os.cpus().length} cores)`,
  );
  const server = await startServer();
  console.log(`server up in ${server.startupMs} ms at ${server.baseURL} (MQTT ${server.mqttPort})`);
  const browser = await chromium.launch({
    executablePath: args.chromium,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ baseURL: server.baseURL, locale: 'es-ES' });
    // tsx (esbuild keepNames) wraps the page functions' inner functions in __name(), absent in the page
    await context.addInitScript('window.__name = (fn) => fn');
    const page = await context.newPage();
    const adminTok = await apiToken(context.request, adminEmail);
    const norte = await companyIdByName(context.request, adminTok, norteName);
    const adminApi = companyApi(context.request, adminTok, norte);
    const catalogue = await levelCatalogue(adminApi);
    // one fresh point per run: each publish opens its own DANGER alert and its own notification
    const tag = Date.now().toString(36).toUpperCase();
    const stations: LevelStation[] = [];
    for (let i = 0; i < runs; i++) {
      const serial = `BN-${tag}-${i}`;
      stations.push(
        await installLevelStation(adminApi, norte, {
          serial,
          pointName: `Bench ${serial}`,
          alertValue: 4,
          catalogue,
        }),
      );
    }
    const operatorApi = companyApi(context.request, await apiToken(context.request, operatorEmail), norte);

    await openSignedIn(page, operatorEmail, '/app/operation/alerts');
    await page.getByRole('button', { name: /^Notificaciones/ }).click();
    await page.getByRole('dialog').filter({ hasText: 'Marcar todas como leídas' }).waitFor();

    const shown: number[] = [];
    const routed: number[] = [];
    const delivered: number[] = [];
    for (const [i, station] of stations.entries()) {
      const title = `Alerta: Peligro · ${station.point.name}`;
      await page.evaluate(
        ({ wanted, timeoutMs }) => {
          window.benchBellSeen = new Promise<number>((resolve) => {
            setTimeout(() => resolve(-1), timeoutMs);
            const inBell = () =>
              [...document.querySelectorAll('[role="dialog"] li')].some((li) =>
                li.textContent?.includes(wanted),
              );
            if (inBell()) return resolve(Date.now());
            const observer = new MutationObserver(() => {
              if (!inBell()) return;
              observer.disconnect();
              resolve(Date.now());
            });
            observer.observe(document.body, { childList: true, subtree: true, characterData: true });
          });
        },
        { wanted: title, timeoutMs: shownTimeoutMs },
      );
      const device = await connectAsDevice(station, server.mqttPort);
      const { topic, body } = levelMessage(station, 1, milliampsFor(6));
      const publishedAt = Date.now();
      await device.publishAsync(topic, body, { qos: 1 });
      await device.endAsync();
      const seenAt = await page.evaluate(() => window.benchBellSeen!);
      if (seenAt < 0) throw new Error(`run ${i + 1}: "${title}" not in the bell after ${shownTimeoutMs} ms`);
      const { rows } = await operatorApi.get<{ rows: { title: string; createdAt: string }[] }>(
        '/api/notifications?page=1&length=20',
      );
      const createdAt = Date.parse(rows.find((n) => n.title === title)!.createdAt);
      shown.push(seenAt - publishedAt);
      routed.push(createdAt - publishedAt);
      delivered.push(seenAt - createdAt);
      console.log(
        `run ${String(i + 1).padStart(2)}: shown ${seenAt - publishedAt} ms (routed ${createdAt - publishedAt} ms, then ${seenAt - createdAt} ms)`,
      );
      // let the previous notification's refetch settle before the next publish
      await sleep(500);
    }

    console.log(`\n${runs} runs, one DANGER alert each, bell open in headless Chromium`);
    console.log(summary('publish → shown in the bell', shown));
    console.log(summary('publish → routed (createdAt)', routed));
    console.log(summary('routed → shown', delivered));
    console.log(
      `load after: ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
