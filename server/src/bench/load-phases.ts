/**
 * The two parts of `npm run bench:load` (load.ts): the live streams held while devices publish, and
 * the soak with the server's RSS sampled. Each returns its figures; errors go to `ctx.errors`.
 */
import http from 'node:http';
import os from 'node:os';
import { Pacer, type CommitSignal, type LoadGenerator } from './ingest-load';
import { latencyOf, phaseFigures, type Latency, type PhaseFigures } from './ingest-report';
import { cpuSecondsOf, databaseBackendsCpu, machineBusySeconds } from './ingest-server';
import { readMemory, readMemoryFloor, type MemoryReading, type Server, type Target } from './load-setup';
import { openStreams, signInAll, type DeliveryTracker, type StreamClient } from './load-sse';

const sampleEveryMs = 10_000;
const warmUpMinutes = 2;

export interface LoadOptions {
  listeners: number;
  soakMinutes: number;
  holdSeconds: number;
  sseRate: number;
  withinSeconds: number;
  rate: number;
  rssBoundMb: number;
  devices: number;
  measures: number;
  inflight: number;
}

const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface SseResult {
  listeners: number;
  signInSeconds: number;
  openSeconds: number;
  opened: number;
  refused: number;
  endedByServer: number;
  holdSeconds: number;
  messagesPerSecond: number;
  probes: number;
  withinSeconds: number;
  /** (connection, probe) pairs: expected = opened × probes. */
  deliveries: { expected: number; delivered: number; within: number; delay: Latency };
  /** Connections that received every probe within the bound. */
  connectionsAllWithin: number;
  connectionsWithoutEvents: number;
  eventsPerConnection: { min: number; median: number; max: number };
  memory: {
    before: MemoryReading;
    open: MemoryReading;
    held: MemoryReading;
    peakHeldMb: number;
    after: MemoryReading;
  };
  /** (RSS held − RSS before) ÷ open connections, MB; the heap's likewise when /metrics answered. */
  perConnectionMb: number;
  perConnectionHeapMb?: number;
}

export interface SoakResult {
  minutes: number;
  targetMeasuresPerSecond: number;
  phase: PhaseFigures;
  /** `jobs`: the scheduled jobs running at the sample (PostgreSQL: job_runs without finished_at). */
  samples: Array<MemoryReading & { published: number; jobs?: string[] }>;
  rss: { firstMb: number; minMb: number; maxMb: number; lastMb: number; peakMb: number };
  warmUpMinutes: number;
  /** Least squares over the samples after the warm-up. */
  slopeMbPerMinute: number;
  /**
   * The verdict's figure: the lowest sample of the last minute − the lowest of the first minute after
   * the warm-up. A leak lifts the floor; a garbage-collection cycle or a passing backlog lifts peaks.
   */
  growthMb: number;
  /** The same with the minutes' medians (a backlog at the end shows here, not in the floor). */
  medianGrowthMb: number;
  boundMb: number;
  withinBound: boolean;
  heap?: { firstMb: number; lastMb: number; slopeMbPerMinute: number };
}

export interface Context {
  options: LoadOptions;
  /** The run's PostgreSQL database, if any. */
  databaseUrl?: string;
  /** The scheduled jobs running now (PostgreSQL only: the bench reads job_runs beside the server). */
  jobsRunning?: () => Promise<string[]>;
  engine: Target['engine'];
  password: string;
  /** performance.now() when the run began. */
  start: number;
  server: Server;
  generator: LoadGenerator;
  tracker: DeliveryTracker;
  companyId: string;
  emails: string[];
  errors: string[];
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor((sorted.length - 1) / 2)]!;
};

/** CPU seconds the backends spent between two readings (a backend that began between them, all of its). */
function backendsSpent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, seconds] of after) total += seconds - (before.get(pid) ?? 0);
  return total;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return NaN;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  let num = 0;
  let den = 0;
  for (const [x, y] of points) {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  }
  return den === 0 ? NaN : num / den;
}

export async function runSse(ctx: Context): Promise<SseResult> {
  const { server, generator, tracker, errors } = ctx;
  const n = ctx.emails.length;
  say(`[sse] signing ${n} listeners in`);
  let t = performance.now();
  const tokens = await signInAll(server.httpUrl, ctx.emails, ctx.password);
  const signInSeconds = (performance.now() - t) / 1000;

  say(`[sse] publishing ${ctx.options.sseRate} messages/s; 15 s before the streams open`);
  const control = { phase: 1, stopped: false, pacer: new Pacer(ctx.options.sseRate) };
  const running = generator.run(control);
  await sleep(15_000);
  const before = await readMemoryFloor(server, ctx.start);

  say(`[sse] opening ${n} streams`);
  const agent = new http.Agent({ keepAlive: false, maxSockets: n + 16 });
  t = performance.now();
  const clients: StreamClient[] = await openStreams(tokens, {
    baseUrl: server.httpUrl,
    companyId: ctx.companyId,
    agent,
    tracker,
  });
  const openSeconds = (performance.now() - t) / 1000;
  const open = clients.filter((c) => c.status === 200 && !c.error);
  const refused = clients.filter((c) => !open.includes(c));
  if (refused.length > 0)
    errors.push(
      `${refused.length} of ${n} streams refused; first: ${refused[0]!.error ?? refused[0]!.status}`,
    );
  await sleep(2_000);
  const openReading = await readMemory(server, ctx.start);
  say(
    `[sse] ${open.length} open in ${openSeconds.toFixed(1)} s; RSS ${openReading.rssMb.toFixed(0)} MB; holding ${ctx.options.holdSeconds} s`,
  );

  tracker.tracking = true;
  let peakHeldMb = openReading.rssMb;
  const holdUntil = performance.now() + ctx.options.holdSeconds * 1000;
  while (performance.now() < holdUntil) {
    await sleep(Math.min(5_000, holdUntil - performance.now()));
    peakHeldMb = Math.max(peakHeldMb, (await readMemory(server, ctx.start)).rssMb);
  }
  tracker.tracking = false;
  // the last probes' deliveries: as long as the bound, and a second more
  await sleep(ctx.options.withinSeconds * 1000 + 1000);
  const held = await readMemoryFloor(server, ctx.start);
  peakHeldMb = Math.max(peakHeldMb, held.rssMb);

  const endedByServer = open.filter((c) => c.endedByServer).length;
  if (endedByServer > 0) errors.push(`${endedByServer} streams were closed by the server while held`);
  say(`[sse] closing the streams`);
  for (const c of clients) c.close();
  agent.destroy();
  // the server lets go of them (its stream-clients gauge when /metrics answers), then 10 s to settle
  const deadline = performance.now() + 10_000;
  while (performance.now() < deadline) {
    const reading = await readMemory(server, ctx.start);
    if (reading.streamClients === undefined || reading.streamClients === 0) break;
    await sleep(500);
  }
  await sleep(10_000);
  const after = await readMemoryFloor(server, ctx.start);

  generator.stopLoops(control);
  await running;

  const within = ctx.options.withinSeconds * 1000;
  const delays = tracker.delays;
  const eventCounts = open.map((c) => [...c.events.values()].reduce((a, b) => a + b, 0));
  const withoutEvents = open.filter((c) => (c.events.get('latest') ?? 0) === 0).length;
  if (tracker.probes > 0 && withoutEvents > 0)
    errors.push(
      `${withoutEvents} open streams received no latest value while ${tracker.probes} probes were published`,
    );
  const delivered = delays.length;
  const inTime = delays.filter((d) => d <= within).length;
  const connectionsAllWithin = open.filter((c) => c.inTime === tracker.probes).length;
  const result: SseResult = {
    listeners: n,
    signInSeconds,
    openSeconds,
    opened: open.length,
    refused: refused.length,
    endedByServer,
    holdSeconds: ctx.options.holdSeconds,
    messagesPerSecond: ctx.options.sseRate,
    probes: tracker.probes,
    withinSeconds: ctx.options.withinSeconds,
    deliveries: {
      expected: open.length * tracker.probes,
      delivered,
      within: inTime,
      delay: latencyOf(delays),
    },
    connectionsAllWithin,
    connectionsWithoutEvents: withoutEvents,
    eventsPerConnection: {
      min: Math.min(...eventCounts),
      median: median(eventCounts),
      max: Math.max(...eventCounts),
    },
    memory: { before, open: openReading, held, peakHeldMb, after },
    perConnectionMb: open.length > 0 ? (held.rssMb - before.rssMb) / open.length : NaN,
  };
  if (held.heapUsedMb !== undefined && before.heapUsedMb !== undefined && open.length > 0)
    result.perConnectionHeapMb = (held.heapUsedMb - before.heapUsedMb) / open.length;
  return result;
}

export async function runSoak(ctx: Context, signal: CommitSignal): Promise<SoakResult> {
  const { server, generator } = ctx;
  const seconds = ctx.options.soakMinutes * 60;
  say(
    `[soak] ${ctx.options.soakMinutes} min at ${ctx.options.rate} measures/s, RSS every ${sampleEveryMs / 1000} s`,
  );
  const pacer = new Pacer(ctx.options.rate / ctx.options.measures);
  const control = { phase: 2, stopped: false, pacer };
  const cpu0 = {
    server: cpuSecondsOf(server.process.pid),
    // this run's database only (its backends): the machine's PostgreSQL serves others too
    postgres: ctx.databaseUrl ? await databaseBackendsCpu(ctx.databaseUrl) : undefined,
    machine: machineBusySeconds(),
  };
  const bench0 = process.cpuUsage();
  const soakStart = performance.now();
  const publishedBefore = generator.records.length;
  const running = generator.run(control);
  const samples: SoakResult['samples'] = [];
  for (let k = 0; ; k++) {
    const due = soakStart + k * sampleEveryMs;
    if (due > soakStart + seconds * 1000) break;
    await sleep(Math.max(0, due - performance.now()));
    const reading = await readMemory(server, soakStart);
    const published = (generator.records.length - publishedBefore) * ctx.options.measures;
    const jobs = await ctx.jobsRunning?.().catch(() => undefined);
    samples.push({ ...reading, published, ...(jobs ? { jobs } : {}) });
    if (k % 6 === 0)
      say(
        `[soak] ${(reading.at / 60).toFixed(1)} min: RSS ${reading.rssMb.toFixed(0)} MB${reading.heapUsedMb !== undefined ? `, heap ${reading.heapUsedMb.toFixed(0)} MB` : ''}, ${published.toLocaleString('en-US')} measures published, load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    if (!server.process.running()) {
      ctx.errors.push('the server exited during the soak');
      break;
    }
  }
  const soakEnd = performance.now();
  const elapsed = (soakEnd - soakStart) / 1000;
  const cpu = {
    server: (cpuSecondsOf(server.process.pid) - cpu0.server) / elapsed,
    bench: (() => {
      const used = process.cpuUsage(bench0);
      return (used.user + used.system) / 1e6 / elapsed;
    })(),
    ...(ctx.databaseUrl && cpu0.postgres
      ? { postgres: backendsSpent(cpu0.postgres, await databaseBackendsCpu(ctx.databaseUrl)) / elapsed }
      : {}),
    machine: (machineBusySeconds() - cpu0.machine) / elapsed,
  };
  generator.stopLoops(control);
  await running;
  const missing = await generator.drain(60_000);
  if (missing > 0) ctx.errors.push(`${missing} soak messages without their commit signal 60 s after the end`);
  const phase = phaseFigures(generator.records, 2, { from: soakStart, to: soakEnd }, signal, cpu);

  const rss = samples.map((s) => s.rssMb);
  const warm = Math.min(warmUpMinutes, ctx.options.soakMinutes / 3);
  const after = samples.filter((s) => s.at >= warm * 60);
  const firstMinute = after.filter((s) => s.at < warm * 60 + 60).map((s) => s.rssMb);
  const lastMinute = after.filter((s) => s.at > after.at(-1)!.at - 60).map((s) => s.rssMb);
  const growthMb = Math.min(...lastMinute) - Math.min(...firstMinute);
  const result: SoakResult = {
    minutes: ctx.options.soakMinutes,
    targetMeasuresPerSecond: ctx.options.rate,
    phase,
    samples,
    rss: {
      firstMb: rss[0]!,
      minMb: Math.min(...rss),
      maxMb: Math.max(...rss),
      lastMb: rss.at(-1)!,
      peakMb: samples.at(-1)!.peakMb,
    },
    warmUpMinutes: warm,
    slopeMbPerMinute: slope(after.map((s) => [s.at / 60, s.rssMb])),
    growthMb,
    medianGrowthMb: median(lastMinute) - median(firstMinute),
    boundMb: ctx.options.rssBoundMb,
    withinBound: growthMb <= ctx.options.rssBoundMb,
  };
  const heap = after.filter((s) => s.heapUsedMb !== undefined);
  if (heap.length >= 2)
    result.heap = {
      firstMb: heap[0]!.heapUsedMb!,
      lastMb: heap.at(-1)!.heapUsedMb!,
      slopeMbPerMinute: slope(heap.map((s) => [s.at / 60, s.heapUsedMb!])),
    };
  return result;
}
