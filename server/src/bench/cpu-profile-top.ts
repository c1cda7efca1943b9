/**
 * `node --import tsx src/bench/cpu-profile-top.ts <file.cpuprofile> [top=25]`: the functions that
 * used the most CPU in a V8 profile (`bench:ingest -- --cpu-prof DIR` writes one for the server),
 * by self time, and the same grouped by package, so a slow run names its hot spots.
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const [file, topArg] = process.argv.slice(2);
if (!file) throw new Error('usage: cpu-profile-top.ts <file.cpuprofile> [top]');
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;

const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMs = new Map<number, number>();
profile.samples.forEach((id, i) =>
  selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
);
const totalMs = (profile.endTime - profile.startTime) / 1000;

/** Where a function lives: a package name, a project file, or node's internals. */
function origin(url: string): string {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1]!;
  if (url.startsWith('node:')) return 'node';
  const src = /\/(server|contracts)\/src\/(.+)$/.exec(url);
  return src ? `${src[1]}/src/${src[2]}` : url;
}

const functions = new Map<string, number>();
const packages = new Map<string, number>();
for (const [id, ms] of selfMs) {
  const node = byId.get(id);
  if (!node) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  const where = origin(url);
  const key = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
  functions.set(key, (functions.get(key) ?? 0) + ms);
  const group = where.startsWith('server/') || where.startsWith('contracts/') ? where.split(':')[0]! : where;
  packages.set(group, (packages.get(group) ?? 0) + ms);
}

const print = (title: string, rows: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, ms] of [...rows].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `${((100 * ms) / totalMs).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${name}`,
    );
};
console.log(`${file}: ${(totalMs / 1000).toFixed(1)} s profiled`);
print('by function (self time)', functions);
print('by package or file (self time)', packages);
