/**
 * `npm run check:bundle` (after `npm run build`): the JS a first visit loads — the entry script of
 * dist/index.html and every chunk it preloads — must stay within 250 kB gzipped (issue 13). Charts
 * and the map live in lazy route chunks and never count here. Prints each file; exits 1 over budget.
 * Also prints, for information, what a signed-in visit adds before its page: the app shell
 * (src/app/AppLayout.tsx and its imports, from dist/.vite/manifest.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const budget = 250 * 1000;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
// classic and module scripts, and module preloads: everything the browser fetches before the first route renders
const urls = [
  ...html.matchAll(/<script[^>]*\ssrc="([^"]+\.m?js)"/g),
  ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
].map((m) => m[1]);

let total = 0;
const rows = [...new Set(urls)].map((url) => {
  const gz = gzipSync(readFileSync(path.join(dist, url.replace(/^\//, '')))).length;
  total += gz;
  return { url, gz };
});
for (const { url, gz } of rows.sort((a, b) => b.gz - a.gz))
  console.log(`${(gz / 1000).toFixed(1).padStart(8)} kB gz  ${url}`);
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const closure = (key, seen = new Set()) => {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) closure(next, seen);
  return seen;
};
const entry = closure('index.html');
const shell = [...closure('src/app/AppLayout.tsx')].filter((key) => !entry.has(key));
const shellGz = shell.reduce(
  (sum, key) => sum + gzipSync(readFileSync(path.join(dist, manifest[key].file))).length,
  0,
);
console.log(
  `signed-in shell adds ${(shellGz / 1000).toFixed(1)} kB gz (${shell.length} chunks): ` +
    `${((total + shellGz) / 1000).toFixed(1)} kB before the page's own chunk`,
);
const verdict = total <= budget ? 'within' : 'OVER';
console.log(
  `first load: ${(total / 1000).toFixed(1)} kB gz of JS, ${verdict} the ${budget / 1000} kB budget`,
);
if (total > budget) process.exit(1);
