/**
 * The load generator: one MQTT connection per device, QoS 1 publishes of native payloads with at
 * most `inflight` messages of a device waiting for their commit. Every message is timed from the
 * publish call to its PUBACK and to the server's ack message (matched by msg_seq).
 */
import mqtt, { type MqttClient } from 'mqtt';
import { deviceAckSchema } from '@aforo/contracts/device-protocol';
import type { BenchDevice } from './ingest-provision';

/** Which signal means "committed": the PUBACK (embedded broker acks after commit) or the ack message. */
export type CommitSignal = 'puback' | 'ack';

export interface MessageRecord {
  phase: number;
  measures: number;
  t0: number;
  puback?: number;
  ack?: number;
  accepted?: number;
  duplicates?: number;
  rejected?: number;
  error?: string;
}

/** A token bucket shared by every device: `rate` messages a second in total. */
export class Pacer {
  private tokens = 0;
  private last = performance.now();
  private readonly waiters: Array<() => void> = [];
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly rate: number) {
    this.timer = setInterval(() => this.refill(), 1);
  }

  private refill(): void {
    const now = performance.now();
    // at most 50 ms worth of tokens: a late timer neither loses the rate nor releases a big burst
    this.tokens = Math.min(this.tokens + (this.rate * (now - this.last)) / 1000, Math.max(1, this.rate / 20));
    this.last = now;
    while (this.tokens >= 1 && this.waiters.length > 0) {
      this.tokens -= 1;
      this.waiters.shift()!();
    }
  }

  take(): Promise<void> {
    if (this.waiters.length === 0 && this.tokens >= 1) {
      this.tokens -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  stop(): void {
    clearInterval(this.timer);
    for (const wake of this.waiters.splice(0)) wake();
  }
}

export interface PhaseControl {
  phase: number;
  stopped: boolean;
  pacer?: Pacer;
}

const mA = (k: number) => Math.round((12 + 4 * Math.sin(k / 600)) * 1000) / 1000;

class DeviceLoad {
  private seq = 0;
  private nextT: number;
  private inflightCount = 0;
  private wakeWindow: (() => void) | undefined;
  readonly pending = new Map<number, MessageRecord>();
  readonly upTopic: string;

  constructor(
    readonly device: BenchDevice,
    readonly client: MqttClient,
    private readonly options: LoadOptions,
    private readonly records: MessageRecord[],
    private readonly errors: string[],
    firstT: number,
  ) {
    this.nextT = firstT;
    this.upTopic = `${options.prefix}/${device.product}/${device.serial}/up`;
    client.on('message', (_topic, payload) => this.onAck(payload));
  }

  private release(signal: CommitSignal): void {
    if (this.options.signal !== signal) return;
    this.inflightCount--;
    const wake = this.wakeWindow;
    this.wakeWindow = undefined;
    wake?.();
  }

  private onAck(payload: Buffer): void {
    const now = performance.now();
    let json: unknown;
    try {
      json = JSON.parse(payload.toString('utf8'));
    } catch {
      // not JSON: left undefined, which the schema refuses
    }
    const parsed = deviceAckSchema.safeParse(json);
    if (!parsed.success) {
      this.errors.push(`${this.device.serial}: not a device ack: ${payload.toString('utf8').slice(0, 200)}`);
      return;
    }
    const body = parsed.data;
    const seq = body.msg_seq;
    const record = typeof seq === 'number' ? this.pending.get(seq) : undefined;
    if (!record || record.ack !== undefined) {
      this.errors.push(`${this.device.serial}: ack for an unknown or already acked msg_seq ${String(seq)}`);
      return;
    }
    record.ack = now;
    record.accepted = body.accepted;
    record.duplicates = body.duplicates;
    record.rejected = body.rejected.length;
    if (record.puback !== undefined) this.pending.delete(seq!);
    this.release('ack');
  }

  private publishOne(phase: number): void {
    const seq = this.seq++;
    const measures = [];
    for (let i = 0; i < this.options.measures; i++) {
      const t = this.nextT++;
      measures.push({ port: this.device.port, t, v: mA(t) });
    }
    const body = JSON.stringify({
      v: 1,
      product: this.device.product,
      model: this.device.model,
      serial: this.device.serial,
      fw: '3.1.0',
      msg_seq: seq,
      status: { battery: 3.6, rssi: -80 },
      measures,
    });
    const record: MessageRecord = { phase, measures: this.options.measures, t0: performance.now() };
    this.records.push(record);
    this.options.onPublish?.(this.device, record, this.nextT - 1);
    this.pending.set(seq, record);
    this.inflightCount++;
    this.client.publish(this.upTopic, body, { qos: 1 }, (err) => {
      if (err) {
        record.error = err.message;
        this.errors.push(`${this.device.serial}: publish failed: ${err.message}`);
        this.pending.delete(seq);
        this.inflightCount--;
        this.wakeWindow?.();
        return;
      }
      record.puback = performance.now();
      // a record stays pending until it has both its PUBACK and its ack message
      if (record.ack !== undefined) this.pending.delete(seq);
      this.release('puback');
    });
  }

  async run(control: PhaseControl): Promise<void> {
    while (!control.stopped) {
      if (this.inflightCount >= this.options.inflight) {
        await new Promise<void>((resolve) => (this.wakeWindow = resolve));
        continue;
      }
      if (control.pacer) {
        await control.pacer.take();
        if (control.stopped) break;
      }
      this.publishOne(control.phase);
      // let acks and PUBACKs in between publishes of a saturated device
      if (this.seq % 4 === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /** Wakes a loop blocked on a full window, so it sees `stopped`. */
  interrupt(): void {
    const wake = this.wakeWindow;
    this.wakeWindow = undefined;
    wake?.();
  }

  /** Messages still waiting for their commit signal or their ack message. */
  outstanding(): number {
    let n = 0;
    for (const r of this.pending.values())
      if (!r.error && (r.ack === undefined || r.puback === undefined)) n++;
    return n;
  }
}

export interface LoadOptions {
  brokerUrl: string;
  prefix: string;
  measures: number;
  inflight: number;
  signal: CommitSignal;
  /** The first measure's time, whole seconds (default two days back): a longer run starts further back. */
  firstT?: number;
  /** Told of every message as it is published, with its newest measure's time (bench:load follows them). */
  onPublish?: (device: BenchDevice, record: MessageRecord, lastT: number) => void;
}

export class LoadGenerator {
  readonly records: MessageRecord[] = [];
  readonly errors: string[] = [];
  private loads: DeviceLoad[] = [];
  private closing = false;

  constructor(private readonly options: LoadOptions) {}

  async connect(devices: BenchDevice[]): Promise<void> {
    // t in whole seconds, unique per (device, port), from two days back: valid, never a duplicate
    const firstT = this.options.firstT ?? Math.floor(Date.now() / 1000) - 2 * 86_400;
    let next = 0;
    const worker = async () => {
      while (next < devices.length) {
        const device = devices[next++]!;
        const client = await mqtt.connectAsync(this.options.brokerUrl, {
          protocolVersion: 4,
          clientId: `bench-${device.serial}`,
          username: device.serial,
          password: device.key,
          clean: true,
          reconnectPeriod: 0,
          connectTimeout: 30_000,
        });
        client.on('error', (err) => this.errors.push(`${device.serial}: ${err.message}`));
        client.on('close', () => {
          if (!this.closing) this.errors.push(`${device.serial}: connection closed by the broker`);
        });
        const ackTopic = `${this.options.prefix}/${device.product}/${device.serial}/ack`;
        const granted = await client.subscribeAsync(ackTopic, { qos: 1 });
        if (granted.some((g) => g.qos === 128))
          throw new Error(`${device.serial}: the broker refused the subscription to ${ackTopic}`);
        this.loads.push(new DeviceLoad(device, client, this.options, this.records, this.errors, firstT));
      }
    };
    await Promise.all(Array.from({ length: Math.min(20, devices.length) }, worker));
  }

  /** Runs every device until `control.stopped`; resolves when every loop has left. */
  run(control: PhaseControl): Promise<void> {
    return Promise.all(this.loads.map((l) => l.run(control))).then(() => undefined);
  }

  stopLoops(control: PhaseControl): void {
    control.stopped = true;
    control.pacer?.stop();
    for (const l of this.loads) l.interrupt();
  }

  outstanding(): number {
    return this.loads.reduce((n, l) => n + l.outstanding(), 0);
  }

  /** Waits until every message has its PUBACK and its ack (or `timeoutMs` passed); returns what is missing. */
  async drain(timeoutMs: number): Promise<number> {
    const deadline = performance.now() + timeoutMs;
    while (this.outstanding() > 0 && performance.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return this.outstanding();
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.loads.map((l) => l.client.endAsync().catch(() => undefined)));
  }
}
