/**
 * The ingestion service that the transports (embedded broker, external broker, HTTP) share: check
 * and convert a message, queue it for the batch writer, answer with its acknowledgement after
 * commit; and the retained config each device reads (docs/DEVICE-PROTOCOL.md). With an event bus it hears of
 * device and point changes from the API (this process's or another's) and the writer publishes each
 * committed batch on it.
 */
import type { Logger } from 'pino';
import type { DeviceConfig } from '@aforo/contracts/device-protocol';
import type { DeviceState } from '@aforo/contracts/device-states';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { createDeviceDirectory, type DeviceContext } from './device-directory';
import { serialOfDevice, serialsAtPoint } from './device-directory.repository';
import { createDeviceStatusTracker } from './device-status';
import { createPipeline, type Incoming, type Prepared } from './pipeline';
import { createTopics, type Topics } from './topics';
import { createBatchWriter, type Ack, type WriterOptions } from './writer';
import { defaultBrokerLimits } from './broker-guard';
import { ingestMetrics } from '../observability/metrics';

export interface IngestionOptions {
  database: Database;
  log: Logger;
  topicPrefix: string;
  backfillDays: number;
  writer?: WriterOptions;
  directoryTtlMs?: number;
  /** Largest message accepted on any transport (MQTT_MAX_PACKET_BYTES). */
  maxMessageBytes?: number;
  events?: EventBus;
}

/** How a transport sends something to a device (ack, retained config). */
export type DevicePublisher = (topic: string, payload: string, options: { retain: boolean }) => Promise<void>;

/**
 * The retained config message: what a sleeping device needs to know when it wakes. `product` is the
 * device's product code (a device without one gets no config).
 */
export function deviceConfig(device: DeviceContext, product: string): DeviceConfig {
  const point = device.point;
  return {
    serial: device.serial,
    product,
    model: device.modelName,
    // devices.state is a text column; the API writes only these states into it
    state: device.state as DeviceState,
    point: point?.id ?? null,
    measure_time: point?.measureTime ?? null,
    transmission_time: point?.transmissionTime ?? null,
    measures_for_avg: point?.measuresForAvg ?? null,
    ports: point ? point.parameters : {},
    updated_at: (point?.updatedAt ?? new Date(0)).toISOString(),
  };
}

export function createIngestion(options: IngestionOptions) {
  const { database, log } = options;
  const topics: Topics = createTopics(options.topicPrefix);
  const directory = createDeviceDirectory(database.db, { ttlMs: options.directoryTtlMs });
  const maxMessageBytes = options.maxMessageBytes ?? defaultBrokerLimits.maxPacketBytes;
  const pipeline = createPipeline({ directory, backfillDays: options.backfillDays, maxMessageBytes });
  const writer = createBatchWriter(database, log, options.writer, options.events);
  const status = createDeviceStatusTracker(database.db, log);
  const publishers = new Set<DevicePublisher>();

  async function store(prepared: Prepared): Promise<Ack> {
    if (prepared.status) status.note(prepared.status);
    return writer.submit(prepared);
  }

  ingestMetrics.start();
  /** Counts a message by transport, and an up message's measures, once it is answered (GET /metrics). */
  async function counted(incoming: Incoming, handle: () => Promise<Ack>, measures: boolean): Promise<Ack> {
    const source = incoming.topic === null ? 'http' : 'mqtt';
    let ack: Ack;
    try {
      ack = await handle();
    } catch (err) {
      ingestMetrics.message(source, 'failed');
      throw err;
    }
    ingestMetrics.message(source, ack.error ? 'refused' : 'acknowledged');
    // the ack's rejected list holds the duplicates too
    if (measures)
      ingestMetrics.measures(source, {
        stored: ack.accepted,
        duplicate: ack.duplicates,
        refused: ack.rejected.length - ack.duplicates,
      });
    return ack;
  }

  async function publish(topic: string, payload: string, retain: boolean): Promise<void> {
    await Promise.all(
      [...publishers].map((send) =>
        send(topic, payload, { retain }).catch((err: unknown) =>
          log.warn({ err, topic }, 'publish to device failed'),
        ),
      ),
    );
  }

  /** What this process last published as each device's retained config. */
  const published = new Map<string, string>();

  /**
   * Publishes the device's current config, retained. `unlessPublished` (a login) skips it when this
   * process already published the same text: the broker still holds it, and the device would get it twice.
   */
  async function publishConfig(serial: string, options: { unlessPublished?: boolean } = {}): Promise<void> {
    directory.invalidate(serial);
    const device = await directory.get(serial);
    if (!device?.productCode) return;
    const topic = topics.of(device.productCode, device.serial, 'config');
    const payload = JSON.stringify(deviceConfig(device, device.productCode));
    if (options.unlessPublished && published.get(topic) === payload) return;
    published.set(topic, payload);
    await publish(topic, payload, true);
  }

  /** The API changed a device (install, uninstall, key…): forget it and publish its config again. */
  async function deviceChanged(deviceId: string): Promise<void> {
    // a deleted or decommissioned device must stop logging in now, not when its entry expires
    directory.invalidate();
    const serial = await serialOfDevice(database.db, deviceId);
    if (serial) await publishConfig(serial);
  }

  /** The API changed a point's parameters: every device installed there gets its new config. */
  async function pointChanged(pointId: string): Promise<void> {
    for (const serial of await serialsAtPoint(database.db, pointId)) await publishConfig(serial);
  }

  const republishFailed = (err: unknown, id: string) =>
    log.warn({ err, id }, 'device config not republished');
  const events = options.events;
  const unsubscribe = events
    ? [
        events.on('device.changed', ({ deviceId }) =>
          deviceChanged(deviceId).catch((err: unknown) => republishFailed(err, deviceId)),
        ),
        events.on('point.changed', ({ pointId }) =>
          pointChanged(pointId).catch((err: unknown) => republishFailed(err, pointId)),
        ),
        // changes announced while the listener was away are lost: forget every cached device
        events.onResync(() => directory.invalidate()),
      ]
    : [];

  return {
    topics,
    directory,
    /** This process as a writer of measures: the alert engine asks it whether it writes alone. */
    presence: writer.presence,
    maxMessageBytes,
    /** A message of the `up` channel (or HTTP): resolves with its acknowledgement after commit. */
    async up(incoming: Incoming): Promise<Ack> {
      return counted(incoming, async () => store(await pipeline.up(incoming)), true);
    },
    async events(incoming: Incoming): Promise<Ack> {
      return counted(incoming, async () => store(await pipeline.events(incoming)), false);
    },
    /** Sends the acknowledgement of docs/DEVICE-PROTOCOL.md on the device's ack topic. */
    async sendAck(product: string, serial: string, ack: Ack): Promise<void> {
      await publish(topics.of(product, serial, 'ack'), JSON.stringify(ack), false);
    },
    addPublisher(send: DevicePublisher): () => void {
      publishers.add(send);
      return () => publishers.delete(send);
    },
    publishConfig,
    deviceChanged,
    pointChanged,
    async close(): Promise<void> {
      unsubscribe.forEach((stop) => stop());
      await writer.close();
      await status.close();
    },
  };
}
export type Ingestion = ReturnType<typeof createIngestion>;
