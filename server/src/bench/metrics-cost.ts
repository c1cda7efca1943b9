/**
 * `node --import tsx server/src/bench/metrics-cost.ts [--routes 150] [--runs 300]`
 *
 * What Aforo's own metrics cost (docs/OPERATIONS.md "Aforo's own metrics"), in-process: the HTTP
 * hook's observation per answer (1,000,000 of them over `routes` route patterns), and one scrape of
 * the registry once `routes` × 2 status classes HTTP series exist besides the engines' and Node's
 * (median and p99 of `runs`, and the text's size). No database: the queue gauges, the only ones that
 * query, are bounded apart (observability/cached-reading.ts).
 */
import { parseArgs } from 'node:util';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { collectProcessMetrics, httpMetrics, ingestMetrics, metricsText } from '../observability/metrics';

const { values: args } = parseArgs({
  options: { routes: { type: 'string', default: '150' }, runs: { type: 'string', default: '300' } },
});
const routeCount = Math.max(1, Number(args.routes));
const runs = Math.max(10, Number(args.runs));

collectProcessMetrics();
ingestMetrics.start();
const routes = Array.from({ length: routeCount }, (_, i) => `/api/resource-${i}/:id`);
for (const route of routes) for (const status of [200, 404]) httpMetrics.answer('GET', route, status, 0.003);

const answers = 1_000_000;
let started = performance.now();
for (let i = 0; i < answers; i++) httpMetrics.answer('GET', routes[i % routeCount], 200, 0.0042);
const perAnswerUs = ((performance.now() - started) / answers) * 1000;

const times: number[] = [];
let bytes = 0;
for (let i = 0; i < runs; i++) {
  started = performance.now();
  bytes = (await metricsText()).text.length;
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(2);
console.log(
  `HTTP hook: ${perAnswerUs.toFixed(2)} µs an answer; scrape with ${routeCount * 2} HTTP series: ` +
    `median ${at(0.5)} ms, p99 ${at(0.99)} ms, ${Math.round(bytes / 1024)} KiB ` +
    `(load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')})`,
);
