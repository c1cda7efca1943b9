/**
 * `npm start` builds the web app only when what goes into it changed: a SHA-256 over the sources
 * (web/src without its tests, web/static, web/index.html, the web and contracts configs, contracts/src,
 * package-lock.json) is compared with the one written in web/dist/.build-stamp by the last build made
 * here. Same → nothing to do (a restart no longer pays ~7 s of build); different, missing or no
 * web/dist/index.html → `npm run build -w web`, then the stamp. A build made another way (`npm run
 * build`) empties web/dist, stamp included, so the next start builds once more: never a stale app.
 * `--force` always builds.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const stampFile = path.join(root, 'web/dist/.build-stamp');
const inputs = [
  'web/src',
  'web/static',
  'web/index.html',
  'web/package.json',
  'web/vite.config.ts',
  'web/postcss.config.cjs',
  'web/tsconfig.json',
  'contracts/src',
  'contracts/package.json',
  'package-lock.json',
];
/** Tests never reach the bundle: editing one is no reason to build. */
const isTest = (file) => /\.test\.[cm]?[jt]sx?$/.test(file);

/** Every file under `entry` (a file or a folder), relative to the root, sorted. */
function filesOf(entry) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => filesOf(path.posix.join(entry, d.name)));
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap(filesOf).filter((f) => !isTest(f))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function main() {
  const started = performance.now();
  const current = sourceHash();
  const built = existsSync(path.join(root, 'web/dist/index.html'));
  const stamp = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : null;
  if (built && stamp === current && !process.argv.includes('--force')) {
    const ms = Math.round(performance.now() - started);
    console.log(`web app up to date (web/dist, sources unchanged; checked in ${ms} ms)`);
    return;
  }
  console.log(built ? 'web sources changed: building the web app' : 'building the web app');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', 'web', '--', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampFile, `${current}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
