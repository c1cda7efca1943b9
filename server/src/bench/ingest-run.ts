/**
 * One run of the ingestion benchmark (ingest.ts) on one engine: starts Aforo and its broker,
 * provisions the devices, runs the full-speed and the paced phase and gathers their figures.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Env } from '../config/env';
import { LoadGenerator, Pacer, type CommitSignal, type PhaseControl } from './ingest-load';
import { provisionDevices } from './ingest-provision';
import { phaseFigures, type EngineResult } from './ingest-report';
import { forgetIngestSessions, startAforoCluster } from './ingest-cluster';
import {
  cpuSecondsOf,
  freshDatabase,
  machineBusySeconds,
  memoryOf,
  databaseBackendsCpu,
  startMosquitto,
  type PrivateMosquitto,
} from './ingest-server';
import { checkDelivery, readAlertDelays } from './ingest-verify';

export type Engine = EngineResult['engine'];

/** What every run shares: the environment and the command line of ingest.ts. */
export interface RunSettings {
  env: Env;
  options: { devices: number; seconds: number; measures: number; inflight: number };
  broker: 'private' | 'env';
  cpuProfileDir: string | undefined;
  keep: boolean;
  /** --pin: the CPUs the server may use. */
  serverCpus: string | undefined;
}

const warmUpMs = 3_000;
const drainMs = 30_000;
export const benchDatabase = 'aforo_bench';
const mosquittoBinary = '/usr/sbin/mosquitto';

export const say = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resets the peak-RSS mark of this process (Linux clear_refs), so each engine's figure is its own. */
function resetPeakMemory(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // not Linux, or not allowed: the peak then covers the whole run
  }
}

interface CpuMark {
  server: number;
  ingest: number[];
  bench: number;
  broker: number;
  /** CPU seconds of each backend of the run's database, by pid. */
  postgres: Map<number, number>;
  machine: number;
  at: number;
}

/**
 * Holds the runs of a --parallel pair at the same points (before each phase): the on and off halves
 * then measure over the same seconds of the machine. A run that ends early leaves it.
 */
export function createBarrier(parties: number) {
  let waiting: Array<() => void> = [];
  const release = () => {
    if (waiting.length < parties) return;
    const released = waiting;
    waiting = [];
    released.forEach((resolve) => resolve());
  };
  return {
    arrive: () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        release();
      }),
    leave: () => {
      parties -= 1;
      release();
    },
  };
}
type Barrier = ReturnType<typeof createBarrier>;

export async function runEngine(
  settings: RunSettings,
  engine: Engine,
  alerts: boolean,
  together?: Barrier,
  /** --ingest-processes: api + jobs + this many ingest processes (ingest-cluster.ts); else one `all`. */
  ingestProcesses?: number,
): Promise<EngineResult> {
  const { env, options } = settings;
  resetPeakMemory();
  const errors: string[] = [];
  let mosquitto: PrivateMosquitto | undefined;
  let databaseUrl: string | undefined;
  let mqttUrl: string | undefined;
  if (engine === 'postgres') {
    const name = together ? `${benchDatabase}_${alerts ? 'on' : 'off'}` : benchDatabase;
    databaseUrl = await freshDatabase(env.DATABASE_URL!, name);
    if (settings.broker === 'env') mqttUrl = env.MQTT_URL;
    else {
      if (!existsSync(mosquittoBinary))
        throw new Error(`${mosquittoBinary} not found (apt-get install mosquitto)`);
      mosquitto = await startMosquitto(mosquittoBinary);
      mqttUrl = mosquitto.url;
    }
  }
  const signal: CommitSignal = engine === 'embedded' ? 'puback' : 'ack';
  const topology = ingestProcesses === undefined ? '' : `, api + jobs + ${ingestProcesses} ingest processes`;
  say(
    `[${engine}] starting Aforo (${databaseUrl ? 'PostgreSQL' : 'PGlite'}, ${mqttUrl ?? 'embedded broker'}, alerts ${alerts ? 'on' : 'off'}${topology})`,
  );
  // one file per ingest process (each evaluates the batches it commits)
  const delaysFiles = Array.from({ length: ingestProcesses ?? 1 }, (_, i) =>
    path.join(os.tmpdir(), `aforo-bench-alert-delays-${process.pid}-${engine}-${i + 1}.json`),
  );
  delaysFiles.forEach((f) => rmSync(f, { force: true }));
  const server = await startAforoCluster({
    databaseUrl,
    mqttUrl,
    cpuProfileDir: settings.cpuProfileDir,
    cpus: settings.serverCpus,
    extraEnv: {
      MQTT_TOPIC_PREFIX: env.MQTT_TOPIC_PREFIX,
      BACKFILL_DAYS: String(env.BACKFILL_DAYS),
      ALERTS: alerts ? 'on' : 'off',
    },
    ingestProcesses,
    ingestEnv: (i): Record<string, string> => (alerts ? { ALERT_DELAYS_FILE: delaysFiles[i]! } : {}),
  });
  const serverPids = () => server.processes.map((p) => p.pid);
  const result: EngineResult = {
    engine,
    alerts,
    database: engine === 'embedded' ? 'PGlite (embedded)' : 'PostgreSQL',
    broker:
      engine === 'embedded' ? 'embedded Aedes' : mosquitto ? 'Mosquitto (private)' : `Mosquitto ${mqttUrl}`,
    commitSignal: signal,
    devices: options.devices,
    measuresPerMessage: options.measures,
    inflight: options.inflight,
    provisioningSeconds: 0,
    memory: { serverPeakMb: 0, benchPeakMb: 0 },
    errors,
    ...(ingestProcesses === undefined ? {} : { ingestProcesses }),
  };
  let serialPrefix = '';
  let generator: LoadGenerator | undefined;
  try {
    say(`[${engine}] provisioning ${options.devices} devices through the HTTP API`);
    const provisioned = await provisionDevices(server.httpUrl, options.devices);
    serialPrefix = provisioned.serialPrefix;
    result.provisioningSeconds = provisioned.seconds;
    generator = new LoadGenerator({
      brokerUrl: mqttUrl ?? `mqtt://127.0.0.1:${server.mqttPort}`,
      prefix: env.MQTT_TOPIC_PREFIX,
      measures: options.measures,
      inflight: options.inflight,
      signal,
    });
    await generator.connect(provisioned.devices);
    const gen = generator;

    const mark = async (): Promise<CpuMark> => ({
      postgres: databaseUrl ? await databaseBackendsCpu(databaseUrl) : new Map<number, number>(),
      server: serverPids().reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
      ingest: server.ingest.map((p) => cpuSecondsOf(p.pid)),
      bench: process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6,
      broker: mosquitto ? cpuSecondsOf(mosquitto.pid) : 0,
      machine: machineBusySeconds(),
      at: performance.now(),
    });
    const cpuBetween = (a: CpuMark, b: CpuMark) => {
      const s = (b.at - a.at) / 1000;
      return {
        server: (b.server - a.server) / s,
        ...(ingestProcesses === undefined ? {} : { ingest: b.ingest.map((x, i) => (x - a.ingest[i]!) / s) }),
        bench: (b.bench - a.bench) / s,
        ...(mosquitto ? { broker: (b.broker - a.broker) / s } : {}),
        // a backend that started during the phase counts from 0; one that ended is missing
        ...(engine === 'postgres'
          ? {
              postgres:
                [...b.postgres].reduce((n, [pid, cpu]) => n + cpu - (a.postgres.get(pid) ?? 0), 0) / s,
            }
          : {}),
        machine: (b.machine - a.machine) / s,
      };
    };

    /** Runs one phase for --seconds; the messages of `phase` are the measured ones. */
    const runPhase = async (control: PhaseControl, warmUp: number) => {
      const running = gen.run(control);
      if (warmUp > 0) {
        await sleep(warmUp);
        control.phase++;
      }
      const start = await mark();
      await sleep(options.seconds * 1000);
      const end = await mark();
      gen.stopLoops(control);
      await running;
      const missing = await gen.drain(drainMs);
      if (missing > 0)
        errors.push(`${missing} messages without their PUBACK or ack ${drainMs / 1000} s after the phase`);
      return { window: { from: start.at, to: end.at }, cpu: cpuBetween(start, end) };
    };

    await together?.arrive();
    result.loadAverage = os.loadavg()[0];
    say(`[${engine}] full speed: ${warmUpMs / 1000} s warm-up, then ${options.seconds} s measured`);
    const full = await runPhase({ phase: 1, stopped: false }, warmUpMs);
    result.full = phaseFigures(gen.records, 2, full.window, signal, full.cpu);

    const halfRate = result.full.measuresPerSecond / 2;
    await together?.arrive();
    if (halfRate > 0) {
      say(`[${engine}] half rate: ${Math.round(halfRate)} measures/s, paced, for ${options.seconds} s`);
      const pacer = new Pacer(halfRate / options.measures);
      const paced = await runPhase({ phase: 3, stopped: false, pacer }, 0);
      result.paced = {
        ...phaseFigures(gen.records, 3, paced.window, signal, paced.cpu),
        targetMeasuresPerSecond: halfRate,
      };
    } else errors.push('nothing was committed at full speed');

    result.memory = {
      // every process of the cluster: their peaks added (an upper bound of what they held at once)
      serverPeakMb: serverPids().reduce((sum, pid) => sum + memoryOf(pid).peakMb, 0),
      benchPeakMb: memoryOf(process.pid).peakMb,
      ...(mosquitto ? { brokerPeakMb: memoryOf(mosquitto.pid).peakMb } : {}),
    };
  } catch (err) {
    errors.push(err instanceof Error ? err.message : String(err));
  } finally {
    together?.leave();
    await generator?.close();
    await server.stop();
    await mosquitto?.stop();
    if (ingestProcesses !== undefined && !mosquitto && mqttUrl)
      await forgetIngestSessions(mqttUrl, ingestProcesses);
  }
  if (ingestProcesses !== undefined) {
    const shares = server.shares();
    if (shares.every((x) => x !== undefined)) result.shares = shares;
    else errors.push('an ingest process did not log its share at exit');
  }

  if (alerts) readAlertDelays(delaysFiles, result);
  if (generator)
    await checkDelivery(generator, serialPrefix, { databaseUrl, dataDir: server.dataDir }, result);
  if (errors.length > 0) say(`[${engine}] server output (last lines):\n${server.output()}`);
  if (!settings.keep) server.removeDirs();
  return result;
}
