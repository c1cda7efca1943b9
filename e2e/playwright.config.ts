import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { e2eMqttPort } from './specs/helpers';

// The real server (PGlite, demo seed, embedded broker on a free port) serving the built web app.
const port = Number(process.env.E2E_PORT ?? 4180);
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'aforo-e2e-'));
const json = process.env.PLAYWRIGHT_JSON;

export default defineConfig({
  testDir: './specs',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: json ? [['list'], ['json', { outputFile: json }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    locale: 'es-ES',
    trace: 'retain-on-failure',
    launchOptions: {
      // the system Chromium, never a downloaded one; scripts/check-chromium.mjs checks it runs first
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  webServer: {
    command: 'npm run start -w server',
    cwd: '..',
    url: `http://127.0.0.1:${port}/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      // a known port, so specs can publish as a device (alerts.spec.ts)
      MQTT_PORT: String(e2eMqttPort),
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED: 'demo',
      SIMULATOR: 'off',
      LOG_LEVEL: 'warn',
      // many sign-ins from one address in a few minutes; the limit itself has server tests
      RATE_LIMIT_PER_MINUTE: '1000',
      DATABASE_URL: '',
      MQTT_URL: '',
      // a tile server that refuses every connection: the map must still show its points (map.spec.ts)
      MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png',
    },
  },
});
