/**
 * Runs first in `npm test` and `npm run test:e2e`. The browser tests drive the system Chromium
 * (CHROMIUM_PATH, else /usr/bin/chromium — the same choice as playwright.config.ts) and download no
 * browser. Without one, each browser test would fail on its own with a long launch error; this says
 * once, in one line, what to install, and exits 1 before anything is built or started. `npm start`
 * never needs Chromium.
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const executable = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function problem() {
  try {
    accessSync(executable, constants.X_OK);
  } catch {
    return `no executable at ${executable}`;
  }
  // --version starts no browser; it proves the binary (or Debian's wrapper script) runs here
  const run = spawnSync(executable, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (run.status === 0) return null;
  const why = run.error?.message ?? (run.stderr || run.stdout).trim().split('\n')[0];
  return `${executable} --version failed (${why || `exit ${run.status ?? run.signal}`})`;
}

const found = problem();
if (found) {
  console.error(
    `Browser tests need Chromium: ${found}. Install it (Debian/Ubuntu: apt-get install -y chromium fonts-liberation) or set CHROMIUM_PATH to a Chromium or Chrome executable; npm run test:unit runs the other tests without it.`,
  );
  process.exit(1);
}
