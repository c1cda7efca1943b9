/**
 * The live device simulator: each simulated device is its own MQTT client that logs in with its
 * serial and key and publishes native payloads (QoS 1) through the real ingestion path, like a field
 * logger would: measures on a fixed grid, store-and-forward of whatever is due since the last
 * acknowledged message, battery and signal in the status, a RESTART event when it starts.
 */
import { randomBytes } from 'node:crypto';
import { connect, type MqttClient } from 'mqtt';
import { deviceAckSchema, deviceConfigSchema, maxMeasuresPerMessage } from '@aforo/contracts/device-protocol';
import type { Logger } from '../lib/logger';
import type { SimulatedDevice } from './device-plan';
import { neverSends, sampleAt } from './series';
import { batteryAt, rssiAt } from './series-device';
import { day, hour, second } from './series-time';

export type { SimulatedDevice } from './device-plan';

export interface SimulatorOptions {
  mqttUrl: string;
  topicPrefix: string;
  devices: SimulatedDevice[];
  /** Seconds between measures (fractions allowed: `npm run simulate --rate` needs them). */
  intervalSeconds: number;
  /** Measures per port in each message (default 1): a message goes every interval × this. */
  measuresPerMessage?: number;
  log: Logger;
  /** The clock (tests). */
  now?: () => number;
}

export interface SimulatorStats {
  /** Messages the broker acknowledged (PUBACK). */
  messages: number;
  measures: number;
  /** Acks the server published on the devices' ack topics, and what they counted. */
  acks: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Devices connected right now. */
  connected: number;
}

export interface RunningSimulator {
  stop(): Promise<void>;
  /** Messages published and acknowledged by the broker so far. */
  published(): number;
  stats(): SimulatorStats;
}

/** After an outage a device sends at most the last day it stored (the server's backfill window is longer). */
const catchUpLimit = day;
/** A publish that gets no PUBACK in this time is given up and its measures sent again later. */
const publishTimeout = 30 * second;

interface Measure {
  port: string;
  t: number;
  v: number;
}

/** A payload's JSON, or undefined when it is not JSON (then no schema accepts it). */
function jsonOf(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString());
  } catch {
    return undefined;
  }
}

/** The first `limit` measure instants in (after, until] on a grid of `step` ms. */
function gridTimes(after: number, until: number, step: number, limit = Infinity): number[] {
  const times: number[] = [];
  for (let t = Math.floor(after / step) * step + step; t <= until && times.length < limit; t += step)
    times.push(t);
  return times;
}

/** epoch seconds; fractional only when measures come faster than one a second. */
const epochOf = (t: number) => (t % 1000 === 0 ? t / 1000 : Math.round(t) / 1000);

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no PUBACK in time')), ms);
    promise.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const now = options.now ?? Date.now;
  const step = Math.max(1, Math.round(options.intervalSeconds * 1000));
  const perMessage = Math.max(1, Math.floor(options.measuresPerMessage ?? 1));
  const period = step * perMessage;
  const { log } = options;
  const stats: Omit<SimulatorStats, 'connected'> = {
    messages: 0,
    measures: 0,
    acks: 0,
    accepted: 0,
    duplicates: 0,
    rejected: 0,
  };
  const running: Array<{ client: MqttClient; stop(): Promise<void> }> = [];
  // a silent device has nothing to say, and one whose point configures no port either
  const talking = options.devices.filter((d) => d.ports.length > 0 && !neverSends(d.fault));
  for (const device of talking) running.push(runDevice(device));
  log.info(
    {
      devices: talking.length,
      silent: options.devices.length - talking.length,
      intervalSeconds: options.intervalSeconds,
      measuresPerMessage: perMessage,
    },
    'device simulator started',
  );

  function runDevice(device: SimulatedDevice) {
    const topic = (channel: string) =>
      `${options.topicPrefix}/${device.productCode}/${device.serial}/${channel}`;
    const started = now();
    // measures due since the last stored one, then live ones on our grid: a short gap (a restart
    // of the server) is filled at the live step, a longer one at the point's measure time
    const resume = device.resumeFrom?.getTime();
    const backlogStep = resume !== undefined && started - resume <= hour ? step : device.measureTime * second;
    let backlog =
      resume !== undefined && started - resume < catchUpLimit ? gridTimes(resume, started, backlogStep) : [];
    let cursor = Math.floor(started / step) * step;
    let seq = 0;
    let busy = false;
    let stopped = false;
    let restartSent = false;
    let lastError = '';

    // a random suffix: the in-process simulator and `npm run simulate` may run the same serial
    const client: MqttClient = connect(options.mqttUrl, {
      clientId: `${device.serial}-${randomBytes(3).toString('hex')}`,
      username: device.serial,
      password: device.key,
      protocolVersion: 4,
      clean: true,
      reconnectPeriod: 2000,
      connectTimeout: 10_000,
    });

    client.on('connect', () => {
      lastError = '';
      client.subscribe([topic('ack'), topic('config')], { qos: 1 }, (err) => {
        if (err) log.warn({ err, serial: device.serial }, 'simulated device could not subscribe');
      });
      if (!restartSent) {
        restartSent = true;
        const event = {
          type: 'RESTART',
          message: `Arranque (firmware ${device.firmware ?? 'desconocido'})`,
          t: Math.floor(now() / 1000),
        };
        client.publish(topic('events'), JSON.stringify(event), { qos: 1 });
      }
    });
    client.on('error', (err) => {
      // log a refusal once, not at every reconnect attempt
      if (err.message !== lastError)
        log.warn({ serial: device.serial, err: err.message }, 'simulated device: MQTT error');
      lastError = err.message;
    });
    client.on('message', (t, payload) => {
      if (t === topic('ack')) {
        const ack = deviceAckSchema.safeParse(jsonOf(payload));
        if (!ack.success) {
          log.warn({ serial: device.serial, ack: payload.toString() }, 'simulated device: not a device ack');
          return;
        }
        stats.acks += 1;
        stats.accepted += ack.data.accepted;
        stats.duplicates += ack.data.duplicates;
        stats.rejected += ack.data.rejected.length;
      } else if (t === topic('config')) {
        const config = deviceConfigSchema.safeParse(jsonOf(payload));
        if (config.success)
          log.debug(
            { serial: device.serial, config: config.data },
            'simulated device: configuration received',
          );
        else
          log.warn(
            { serial: device.serial, config: payload.toString() },
            'simulated device: not a device configuration',
          );
      }
    });

    const sample = (times: number[], interval: number): Measure[] =>
      times.flatMap((t) =>
        device.ports.flatMap((port) => {
          const s = sampleAt(port.site, port, device.levels, t, interval / 1000, device.fault);
          return s ? [{ port: port.key, t: epochOf(t), v: s.raw }] : [];
        }),
      );

    async function tick(): Promise<void> {
      if (busy || stopped || !client.connected) return;
      busy = true;
      try {
        const until = now();
        const room = Math.floor(maxMeasuresPerMessage / device.ports.length);
        // a stored backlog goes first, oldest first, at most one full message at a time; what a
        // long outage left beyond the device's memory is lost, as on a real logger
        cursor = Math.max(cursor, Math.floor((until - catchUpLimit) / step) * step);
        const old = backlog.slice(0, room);
        const live = gridTimes(cursor, until, step, room - old.length);
        const measures = [...sample(old, backlogStep), ...sample(live, step)];
        if (measures.length === 0) {
          backlog = backlog.slice(old.length);
          if (live.length > 0) cursor = live.at(-1)!;
          return;
        }
        seq += 1;
        const message = {
          v: 1,
          product: device.productCode,
          model: device.modelName,
          serial: device.serial,
          ...(device.firmware ? { fw: device.firmware } : {}),
          msg_seq: seq,
          status: { battery: batteryAt(device.serial, until), rssi: rssiAt(device.serial, until) },
          measures,
        };
        await withTimeout(
          client.publishAsync(topic('up'), JSON.stringify(message), { qos: 1 }),
          publishTimeout,
        );
        // acknowledged (after commit on Aforo's broker): these measures are delivered
        backlog = backlog.slice(old.length);
        if (live.length > 0) cursor = live.at(-1)!;
        stats.messages += 1;
        stats.measures += measures.length;
      } catch (err) {
        // kept for the next message: store and forward
        log.debug({ serial: device.serial, err }, 'simulated device: publish not acknowledged');
      } finally {
        busy = false;
      }
    }

    // spread the devices over the period so they do not all publish at the same instant
    let timer: NodeJS.Timeout | undefined;
    const first = setTimeout(
      () => {
        void tick();
        timer = setInterval(() => void tick(), period);
      },
      Math.floor(Math.random() * Math.min(period, 10_000)),
    );

    return {
      client,
      async stop() {
        stopped = true;
        clearTimeout(first);
        clearInterval(timer);
        await client.endAsync(true);
      },
    };
  }

  return {
    published: () => stats.messages,
    stats: () => ({ ...stats, connected: running.filter((r) => r.client.connected).length }),
    async stop() {
      await Promise.all(running.map((r) => r.stop()));
      log.info({ messages: stats.messages, measures: stats.measures }, 'device simulator stopped');
    },
  };
}
