/** The printed report of `npm run bench:load` (load.ts). */
import os from 'node:os';
import type { MemoryReading } from './load-setup';
import type { SoakResult, SseResult } from './load-phases';

export const f0 = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US');
const f1 = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(1));
const f2 = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? '–' : n.toFixed(2));
const pct = (a: number, b: number) => (b === 0 ? '–' : `${((100 * a) / b).toFixed(1)} %`);
export const memLine = (m: MemoryReading) =>
  `RSS ${f0(m.rssMb)} MB${m.heapUsedMb !== undefined ? `, heap used ${f0(m.heapUsedMb)} of ${f0(m.heapTotalMb)} MB` : ', heap – (no /metrics)'}${m.streamClients !== undefined ? `, stream clients ${m.streamClients}` : ''}`;

export function printSse(r: SseResult): void {
  const rows: Array<[string, string]> = [
    ['listeners (one user each)', `${r.listeners}; signed in in ${f1(r.signInSeconds)} s`],
    ['streams open', `${r.opened} of ${r.listeners} in ${f1(r.openSeconds)} s (${r.refused} refused)`],
    ['held', `${r.holdSeconds} s, devices publishing ${r.messagesPerSecond} messages/s (${r.probes} probes)`],
    ['server memory before (floor of 5 s)', memLine(r.memory.before)],
    [
      `with ${r.opened} open (floor of 5 s)`,
      `${memLine(r.memory.held)}; peak while held ${f0(r.memory.peakHeldMb)} MB`,
    ],
    ['after closing them (floor of 5 s)', memLine(r.memory.after)],
    [
      'per open stream',
      `${f2(r.perConnectionMb * 1024)} KB RSS${r.perConnectionHeapMb !== undefined ? `, ${f2(r.perConnectionHeapMb * 1024)} KB heap` : ''}${r.opened < 500 ? " (too few streams to tell from the garbage collector's swings)" : ''}`,
    ],
    [`streams with every probe within ${r.withinSeconds} s`, `${r.connectionsAllWithin} of ${r.opened}`],
    [
      'deliveries (stream × probe)',
      `${f0(r.deliveries.delivered)} of ${f0(r.deliveries.expected)}; within ${r.withinSeconds} s: ${f0(r.deliveries.within)} (${pct(r.deliveries.within, r.deliveries.expected)})`,
    ],
    [
      'publish → received p50 / p99 / max',
      `${f0(r.deliveries.delay.p50)} / ${f0(r.deliveries.delay.p99)} / ${f0(r.deliveries.delay.max)} ms`,
    ],
    [
      'events per stream min / median / max',
      `${r.eventsPerConnection.min} / ${r.eventsPerConnection.median} / ${r.eventsPerConnection.max} (${r.connectionsWithoutEvents} streams without a latest value, ${r.endedByServer} closed by the server)`,
    ],
  ];
  console.log(`\nLive streams (GET /api/stream)`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(38)} ${v}`);
}

export function printSoak(r: SoakResult): void {
  const p = r.phase;
  const rows: Array<[string, string]> = [
    [
      'ingest',
      `${r.minutes} min, target ${f0(r.targetMeasuresPerSecond)} measures/s, committed ${f0(p.measuresPerSecond)}/s (${f0(p.messages)} messages)`,
    ],
    [
      'publish → commit p50 / p99 / max',
      `${f0(p.commit.p50)} / ${f0(p.commit.p99)} / ${f0(p.commit.max)} ms`,
    ],
    [
      'CPU (cores)',
      `server ${f2(p.cpu.server)}${p.cpu.postgres !== undefined ? `, PostgreSQL (its database) ${f2(p.cpu.postgres)}` : ''}, machine ${f2(p.cpu.machine)} of ${os.availableParallelism()}`,
    ],
    [
      `RSS, ${r.samples.length} samples`,
      `first ${f0(r.rss.firstMb)}, min ${f0(r.rss.minMb)}, max ${f0(r.rss.maxMb)}, last ${f0(r.rss.lastMb)} MB (highest since the start ${f0(r.rss.peakMb)})`,
    ],
    [
      `after the first ${f1(r.warmUpMinutes)} min`,
      `slope ${f2(r.slopeMbPerMinute)} MB/min; growth of the floor ${f1(r.growthMb)} MB (lowest sample of the last minute − lowest of the first minute after warm-up), of the medians ${f1(r.medianGrowthMb)} MB`,
    ],
    [
      'verdict',
      `${r.withinBound ? 'within' : 'ABOVE'} the bound: growth of the floor after warm-up ≤ ${f0(r.boundMb)} MB`,
    ],
  ];
  if (r.heap)
    rows.splice(5, 0, [
      'heap used after warm-up',
      `${f0(r.heap.firstMb)} → ${f0(r.heap.lastMb)} MB, slope ${f2(r.heap.slopeMbPerMinute)} MB/min`,
    ]);
  console.log(`\nSoak`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(38)} ${v}`);
  console.log(
    `  minute  RSS MB min–max   heap MB min–max   ingest queue max  alert queue max  published/s  jobs running`,
  );
  // minute m holds the samples of (m − 1, m] minutes; a sample a moment late still counts in its minute
  const minuteOf = (at: number) => Math.max(1, Math.ceil((at - 1) / 60));
  let before = { published: 0, at: 0 };
  for (let minute = 1; minute <= minuteOf(r.samples.at(-1)!.at); minute++) {
    const of = r.samples.filter((s) => s.at > 0 && minuteOf(s.at) === minute);
    if (of.length === 0) continue;
    const range = (values: Array<number | undefined>) => {
      const known = values.filter((v): v is number => v !== undefined);
      return known.length === 0 ? '–' : `${f0(Math.min(...known))}–${f0(Math.max(...known))}`;
    };
    const most = (values: Array<number | undefined>) => {
      const known = values.filter((v): v is number => v !== undefined);
      return known.length === 0 ? '–' : f0(Math.max(...known));
    };
    const last = of.at(-1)!;
    const rate = (last.published - before.published) / (last.at - before.at);
    before = last;
    console.log(
      `  ${String(minute).padStart(6)}  ${range(of.map((s) => s.rssMb)).padEnd(16)} ${range(of.map((s) => s.heapUsedMb)).padEnd(17)} ${most(of.map((s) => s.ingestQueue)).padEnd(17)} ${most(of.map((s) => s.alertQueue)).padEnd(16)} ${f0(rate).padEnd(12)} ${[...new Set(of.flatMap((s) => s.jobs ?? []))].join(', ')}`,
    );
  }
}
