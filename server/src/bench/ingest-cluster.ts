/**
 * `bench:ingest --ingest-processes N` (issue 27, scale-out): the production topology of
 * docs/OPERATIONS.md instead of one `--role=all` process — one `api` process (provisioning, and
 * the first to start: it migrates the fresh database and writes the demo seed), one `jobs` process
 * (partitions, scheduled jobs) and N `ingest` processes sharing the broker's messages through the
 * shared subscription `$share/aforo/…`, each with its own MQTT_CLIENT_ID. PostgreSQL and an
 * external broker only: PGlite cannot be shared between processes.
 */
import mqtt from 'mqtt';
import { removeDir, startAforo, type AforoOptions, type AforoProcess } from './ingest-server';

export interface IngestShare {
  /** Messages (up and events) this process stored and acknowledged to the broker. */
  messages: number;
  /** Measures those messages' acks accepted. */
  measures: number;
}

export interface AforoCluster {
  /** Where the HTTP API answers (the api process, or the one `all` process). */
  httpUrl: string;
  /** The embedded broker's port (one `all` process without MQTT_URL). */
  mqttPort: number;
  /** A data directory of the cluster (PGlite's, for the one `all` process). */
  dataDir: string;
  /** Every process of the cluster, api (or all) first. */
  processes: AforoProcess[];
  /** The ingest processes (the `all` process when there is one process). */
  ingest: AforoProcess[];
  /** The last lines of every process, for an error report. */
  output(): string;
  stop(): Promise<void>;
  /** After stop(): each ingest process's share, from its last log line (undefined for `all`). */
  shares(): Array<IngestShare | undefined>;
  removeDirs(): void;
}

const leftLine = 'left the external broker: messages stored by this process';

export async function startAforoCluster(
  options: AforoOptions & {
    /** undefined: one `--role=all` process (the benchmark before issue 27). */
    ingestProcesses?: number;
    /** Extra settings of the i-th ingest process (0-based), e.g. its ALERT_DELAYS_FILE. */
    ingestEnv?: (i: number) => Record<string, string>;
  },
): Promise<AforoCluster> {
  const { ingestProcesses, ingestEnv, ...base } = options;
  const processes: AforoProcess[] = [];
  const cluster = (ingest: AforoProcess[]): AforoCluster => ({
    httpUrl: processes[0]!.httpUrl,
    mqttPort: processes[0]!.mqttPort,
    dataDir: processes[0]!.dataDir,
    processes,
    ingest,
    output: () =>
      processes.length === 1
        ? processes[0]!.output().slice(-3000)
        : processes.map((p, i) => `--- process ${i + 1}\n${p.output().slice(-1500)}`).join('\n'),
    // ingest first: no message is taken that the writer could not finish; the API last
    stop: async () => {
      await Promise.all(ingest.map((p) => p.stop()));
      await Promise.all(processes.map((p) => p.stop()));
    },
    shares: () =>
      ingest.map((p) => {
        const line = p.logged(leftLine);
        return line ? { messages: Number(line.messages), measures: Number(line.measures) } : undefined;
      }),
    removeDirs: () => processes.forEach((p) => removeDir(p.dataDir)),
  });

  if (ingestProcesses === undefined) {
    processes.push(await startAforo({ ...base, extraEnv: { ...base.extraEnv, ...ingestEnv?.(0) } }));
    return cluster(processes);
  }
  if (!base.databaseUrl || !base.mqttUrl)
    throw new Error('separate ingest processes need PostgreSQL and an external broker');
  try {
    // alone first: it migrates the fresh database and seeds it (two processes would race for it)
    processes.push(await startAforo({ ...base, role: 'api' }));
    const started = await Promise.allSettled([
      startAforo({ ...base, role: 'jobs' }),
      ...Array.from({ length: ingestProcesses }, (_, i) =>
        startAforo({
          ...base,
          role: 'ingest',
          extraEnv: {
            ...base.extraEnv,
            MQTT_CLIENT_ID: `aforo-bench-ingest-${i + 1}`,
            // several ingest processes split the messages (the default, a plain subscription, is for one)
            MQTT_SHARED_SUBSCRIPTION: 'on',
            ...ingestEnv?.(i),
          },
        }),
      ),
    ]);
    for (const s of started) if (s.status === 'fulfilled') processes.push(s.value);
    const failed = started.find((s) => s.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
  } catch (err) {
    await Promise.all(processes.map((p) => p.stop()));
    processes.forEach((p) => removeDir(p.dataDir));
    throw err;
  }
  return cluster(processes.slice(2));
}

/**
 * Ends the ingest processes' persistent sessions on a broker that outlives the run (--broker env):
 * a session left behind would queue its share of whatever arrives later for a week.
 */
export async function forgetIngestSessions(brokerUrl: string, count: number): Promise<void> {
  for (let i = 1; i <= count; i++) {
    const client = await mqtt
      .connectAsync(brokerUrl, {
        clientId: `aforo-bench-ingest-${i}`,
        protocolVersion: 5,
        clean: true,
        properties: { sessionExpiryInterval: 0 },
        reconnectPeriod: 0,
      })
      .catch(() => undefined);
    await client?.endAsync();
  }
}
