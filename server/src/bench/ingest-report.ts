/** Figures of one benchmark phase from its message records, and the printed table. */
import os from 'node:os';
import type { CommitSignal, MessageRecord } from './ingest-load';

const cores = os.availableParallelism();

export interface Latency {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

export interface PhaseFigures {
  seconds: number;
  messages: number;
  /** Measures whose commit signal arrived inside the phase, per second. */
  measuresPerSecond: number;
  /** publish → commit signal (PUBACK on the embedded broker, ack message on an external one). */
  commit: Latency;
  puback: Latency;
  ack: Latency;
  /** CPU use over the phase, in cores (1.0 = one core busy all the time). */
  cpu: {
    /** Every Aforo process of the run, added. */
    server: number;
    /** Each ingest process (--ingest-processes). */
    ingest?: number[];
    bench: number;
    broker?: number;
    /** The backends of the run's database (pg_stat_activity), not the whole PostgreSQL server. */
    postgres?: number;
    machine: number;
  };
  /** The paced phase: the rate asked for, in measures a second. */
  targetMeasuresPerSecond?: number;
}

export interface EngineResult {
  engine: 'embedded' | 'postgres';
  /** The server's alert engine ran (ALERTS=on). */
  alerts: boolean;
  /** Commit → alert-recorded delay of the engine's rounds (ms), alerts on. */
  alertDelay?: Latency;
  /** Alerts the run's points ended with (open and cleared). */
  alertsRecorded?: number;
  database: string;
  broker: string;
  commitSignal: CommitSignal;
  devices: number;
  measuresPerMessage: number;
  inflight: number;
  provisioningSeconds: number;
  /** 1-minute load average when the measured phases began (other work on a shared machine shows here). */
  loadAverage?: number;
  full?: PhaseFigures;
  paced?: PhaseFigures;
  memory: { serverPeakMb: number; benchPeakMb: number; brokerPeakMb?: number };
  verify?: { acceptedByAcks: number; storedInDatabase: number; messages: number; ok: boolean };
  /** --ingest-processes: how many `--role=ingest` processes shared the broker's messages. */
  ingestProcesses?: number;
  /** Each ingest process's share (its log line at exit), in the order they were started. */
  shares?: Array<{ messages: number; measures: number }>;
  errors: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i]!;
}

export function latencyOf(values: number[]): Latency {
  const sorted = Float64Array.from(values).sort();
  const arr = Array.from(sorted);
  return {
    count: arr.length,
    p50: percentile(arr, 50),
    p99: percentile(arr, 99),
    max: arr.length ? arr[arr.length - 1]! : NaN,
  };
}

/**
 * Throughput counts measures whose commit signal arrived in [from, to]; latencies are those of the
 * messages published in the phase.
 */
export function phaseFigures(
  records: MessageRecord[],
  phase: number,
  window: { from: number; to: number },
  signal: CommitSignal,
  cpu: PhaseFigures['cpu'],
): PhaseFigures {
  const seconds = (window.to - window.from) / 1000;
  let committed = 0;
  const pubacks: number[] = [];
  const acks: number[] = [];
  let messages = 0;
  for (const r of records) {
    const at = signal === 'puback' ? r.puback : r.ack;
    if (at !== undefined && at >= window.from && at <= window.to) committed += r.measures;
    if (r.phase !== phase) continue;
    messages++;
    if (r.puback !== undefined) pubacks.push(r.puback - r.t0);
    if (r.ack !== undefined) acks.push(r.ack - r.t0);
  }
  const puback = latencyOf(pubacks);
  const ack = latencyOf(acks);
  return {
    seconds,
    messages,
    measuresPerSecond: committed / seconds,
    commit: signal === 'puback' ? puback : ack,
    puback,
    ack,
    cpu,
  };
}

const int = (n: number | undefined) =>
  n === undefined || Number.isNaN(n) ? '–' : Math.round(n).toLocaleString('en-US');
const ms = (n: number) => (Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(1) : Math.round(n).toString());
const lat = (l: Latency) => (l.count === 0 ? '– (none)' : `${ms(l.p50)} / ${ms(l.p99)} / ${ms(l.max)}`);

export function formatResult(r: EngineResult, target: { rate: number; p99: number }): string {
  const rows: [string, string][] = [
    ['database / broker', `${r.database} / ${r.broker}`],
    [
      'devices × measures/msg, in flight',
      `${r.devices} × ${r.measuresPerMessage}, ≤ ${r.inflight} per device`,
    ],
    ['commit signal', r.commitSignal === 'puback' ? 'PUBACK (sent after commit)' : 'ack message (msg_seq)'],
    [
      'Aforo processes',
      r.ingestProcesses === undefined
        ? 'one (--role=all)'
        : `api + jobs + ${r.ingestProcesses} × ingest (shared subscription)`,
    ],
    ['provisioning (HTTP API)', `${r.provisioningSeconds.toFixed(1)} s`],
    [
      'load average before the run',
      r.loadAverage === undefined ? '–' : `${r.loadAverage.toFixed(2)} on ${cores} cores`,
    ],
  ];
  const phase = (name: string, f: PhaseFigures | undefined) => {
    if (!f) return;
    const rate = `${int(f.measuresPerSecond)} measures/s (${int(f.messages / f.seconds)} msg/s)`;
    rows.push([
      `${name}: committed`,
      f.targetMeasuresPerSecond ? `${rate}, asked ${int(f.targetMeasuresPerSecond)}` : rate,
    ]);
    rows.push([`${name}: publish→commit p50/p99/max ms`, lat(f.commit)]);
    rows.push([`${name}:   publish→PUBACK ms`, lat(f.puback)]);
    rows.push([`${name}:   publish→ack msg ms`, lat(f.ack)]);
    const broker = f.cpu.broker !== undefined ? `, broker ${f.cpu.broker.toFixed(2)}` : '';
    const pg = f.cpu.postgres !== undefined ? `, postgres backends ${f.cpu.postgres.toFixed(2)}` : '';
    const each = f.cpu.ingest ? ` (ingest ${f.cpu.ingest.map((c) => c.toFixed(2)).join(' + ')})` : '';
    rows.push([
      `${name}: CPU (cores)`,
      `server ${f.cpu.server.toFixed(2)}${each}, bench ${f.cpu.bench.toFixed(2)}${broker}${pg}; whole machine ${f.cpu.machine.toFixed(2)} of ${cores}`,
    ]);
  };
  phase('full speed', r.full);
  phase('half rate', r.paced);
  const brokerMem = r.memory.brokerPeakMb !== undefined ? `, broker ${int(r.memory.brokerPeakMb)} MB` : '';
  rows.push([
    'peak RSS',
    `server ${int(r.memory.serverPeakMb)} MB, bench ${int(r.memory.benchPeakMb)} MB${brokerMem}`,
  ]);
  if (r.alertDelay)
    rows.push([
      'alerts: commit→recorded p50/p99/max ms',
      `${lat(r.alertDelay)} over ${int(r.alertDelay.count)} batches; ${int(r.alertsRecorded)} alerts recorded`,
    ]);
  else rows.push(['alerts', r.alerts ? '– (no delays)' : 'off (ALERTS=off)']);
  if (r.shares) {
    const total = r.shares.reduce((n, x) => n + x.messages, 0) || 1;
    rows.push([
      'messages stored by each ingest process',
      r.shares.map((x) => `${int(x.messages)} (${((100 * x.messages) / total).toFixed(1)} %)`).join(', '),
    ]);
  }
  if (r.verify)
    rows.push([
      'stored vs acknowledged',
      `${int(r.verify.storedInDatabase)} in the database, ${int(r.verify.acceptedByAcks)} accepted by acks (${r.verify.ok ? 'match' : 'MISMATCH'})`,
    ]);
  if (r.full)
    rows.push([
      'targets',
      `≥ ${int(target.rate)} measures/s: ${r.full.measuresPerSecond >= target.rate ? 'met' : 'NOT met'}; ` +
        `p99 < ${target.p99} ms at half rate: ${r.paced && r.paced.commit.p99 < target.p99 ? 'met' : 'NOT met'}`,
    ]);
  rows.push([
    'errors',
    r.errors.length === 0 ? 'none' : `${r.errors.length}: ${r.errors.slice(0, 5).join('; ')}`,
  ]);
  const width = Math.max(...rows.map(([k]) => k.length));
  return [
    `== ${r.engine}, alerts ${r.alerts ? 'on' : 'off'}${r.ingestProcesses === undefined ? '' : `, ${r.ingestProcesses} ingest process${r.ingestProcesses === 1 ? '' : 'es'}`} ==`,
    ...rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`),
  ].join('\n');
}

/**
 * Issue 12's targets: throughput with alerts ≥ 90 % of without, commit → alert recorded p99 < 1 s.
 * One line per pair (on[i] with off[i]) and, for several pairs, their median.
 */
export function formatAlertsComparison(on: EngineResult[], off: EngineResult[]): string {
  const share = (a?: PhaseFigures, b?: PhaseFigures) =>
    a && b && b.measuresPerSecond > 0 ? (100 * a.measuresPerSecond) / b.measuresPerSecond : NaN;
  const verdict = (share: number) => `target ≥ 90 %: ${share >= 90 ? 'met' : 'NOT met'}`;
  const lines = [`== ${on[0]!.engine}: alerts on vs off ==`];
  on.forEach((a, i) => {
    const b = off[i]!;
    const pair = on.length > 1 ? `pair ${i + 1}: ` : '';
    lines.push(
      `${pair}full speed  ${int(a.full?.measuresPerSecond)} vs ${int(b.full?.measuresPerSecond)} measures/s = ${share(a.full, b.full).toFixed(1)} %${on.length > 1 ? '' : ` (${verdict(share(a.full, b.full))})`}`,
      `${pair}half rate   ${int(a.paced?.measuresPerSecond)} vs ${int(b.paced?.measuresPerSecond)} measures/s = ${share(a.paced, b.paced).toFixed(1)} %; p99 publish→commit ${ms(a.paced?.commit.p99 ?? NaN)} vs ${ms(b.paced?.commit.p99 ?? NaN)} ms`,
    );
  });
  if (on.length > 1) {
    const ratios = on.map((a, i) => share(a.full, off[i]!.full));
    const rate = (r: EngineResult[]) => median(r.map((x) => x.full?.measuresPerSecond ?? NaN));
    const ofMedians = (100 * rate(on)) / rate(off);
    lines.push(
      `full speed, median of ${on.length} pairs' ratios ${median(ratios).toFixed(1)} % (${verdict(median(ratios))}); medians ${int(rate(on))} vs ${int(rate(off))} measures/s = ${ofMedians.toFixed(1)} %`,
    );
  }
  const p99 = Math.max(...on.map((a) => a.alertDelay?.p99 ?? NaN));
  lines.push(
    `commit → alert recorded p99 ${ms(p99)} ms, worst run (target < 1,000 ms: ${p99 < 1000 ? 'met' : 'NOT met'})`,
  );
  return lines.join('\n');
}

/**
 * --ingest-processes with several counts (e.g. 1,2): each count's full-speed rate (median and range
 * of its runs, which alternated), its half-rate p99 and the CPU of its parts, and each median over
 * the first count's.
 */
export function formatProcessesComparison(results: EngineResult[]): string {
  const counts = [...new Set(results.map((r) => r.ingestProcesses!))].sort((a, b) => a - b);
  const rateOf = (r: EngineResult) => r.full?.measuresPerSecond ?? NaN;
  const medians = new Map(
    counts.map((n) => [n, median(results.filter((r) => r.ingestProcesses === n).map(rateOf))]),
  );
  const base = medians.get(counts[0]!)!;
  const lines = [
    `== ${results[0]!.engine}: ingest processes (alerts ${results[0]!.alerts ? 'on' : 'off'}) ==`,
  ];
  for (const n of counts) {
    const runs = results.filter((r) => r.ingestProcesses === n);
    const rates = runs.map(rateOf);
    const cpu = (part: 'server' | 'postgres' | 'broker' | 'bench' | 'machine') => {
      const m = median(runs.map((r) => r.full?.cpu[part] ?? NaN));
      return Number.isNaN(m) ? '–' : m.toFixed(2);
    };
    const p99 = median(runs.map((r) => r.paced?.commit.p99 ?? NaN));
    lines.push(
      `${n} ingest: median ${int(medians.get(n))} measures/s (${int(Math.min(...rates))}–${int(Math.max(...rates))}, ${runs.length} runs)` +
        `${n === counts[0] ? '' : ` = ${((100 * medians.get(n)!) / base).toFixed(1)} % of ${counts[0]}`}; ` +
        `half-rate p99 ${ms(p99)} ms; CPU at full speed (cores, medians): server ${cpu('server')}, postgres ${cpu('postgres')}, broker ${cpu('broker')}, bench ${cpu('bench')}, machine ${cpu('machine')} of ${cores}`,
    );
  }
  return lines.join('\n');
}
