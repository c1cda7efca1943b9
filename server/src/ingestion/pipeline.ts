/**
 * One message from a device, checked and converted in memory (docs/MEASURES.md): what to store, what to
 * refuse and why. Nothing here touches the database except through the cached directory; the
 * batch writer stores the result.
 */
import { z } from 'zod';
import {
  isStorableValue,
  maxMeasureMagnitude,
  type FailedMeasureReason,
} from '@aforo/contracts/device-protocol';
import { failureDetail } from '@aforo/contracts/failed-measure-details';
import { convert, flags, type PointLevels } from '../lib/conversion';
import { decodePayload, type DecodedMessage } from './decoders';
import type { DeviceContext, DeviceDirectory } from './device-directory';

/** failed_measures keeps the first 4 KB of what arrived (docs/DATA-MODEL.md). */
export const rawPayloadLimit = 4096;
const earliest = Date.UTC(2000, 0, 1);
const futureToleranceMs = 5 * 60_000;
/** dBm: radios report about −150…+30; beyond ±1000 it is garbage (and 2^31 would not fit the column). */
const maxRssiMagnitude = 1000;

export interface MeasureRow {
  deviceId: string;
  port: string;
  /** epoch seconds, millisecond precision */
  epoch: number;
  pointId: string | null;
  direct: number;
  /** null when the conversion overflowed (flag 4) */
  adjusted: number | null;
  interpreted: number | null;
  flag: number;
  topic: string | null;
  /** index of the measure in its message */
  index: number;
}

export interface FailedRow {
  receivedAt: Date;
  topic: string | null;
  serial: string | null;
  reason: FailedMeasureReason;
  detail: string;
  payload: string;
  measureIndex: number | null;
}

export interface EventRow {
  deviceId: string;
  type: 'ERROR' | 'RESTART' | 'SYSTEM';
  message: string | null;
  epoch: number;
}

export interface DeviceStatus {
  deviceId: string;
  seenAt: Date;
  battery: number | null;
  rssi: number | null;
  firmwareId: string | null;
}

/** A message ready to be written: its rows, its refusals and the skeleton of its acknowledgement. */
export interface Prepared {
  serial: string | null;
  msgSeq: number | null;
  measures: MeasureRow[];
  events: EventRow[];
  failures: FailedRow[];
  status: DeviceStatus | null;
  /** Set when the whole message was refused. */
  error: FailedMeasureReason | null;
  rejected: Array<{ i: number; reason: FailedMeasureReason }>;
}

export interface Incoming {
  /** MQTT topic, or null for HTTP. */
  topic: string | null;
  payload: Buffer;
  /** Who sent it: the authenticated serial (embedded broker, HTTP) or the topic's (external broker). */
  serial: string;
  /** The product code of the topic, when it came over MQTT. */
  topicProduct: string | null;
  receivedAt: Date;
}

export interface PipelineOptions {
  directory: DeviceDirectory;
  backfillDays: number;
  /** Larger messages are refused unread (an external broker may let them through). */
  maxMessageBytes: number;
}

const noLevels: PointLevels = {
  groundLevel: null,
  invertLevel: null,
  levelDifference: 0,
  value4mA: null,
  value20mA: null,
};

function statusValue(v: number | undefined, limit: number): number | null {
  return v !== undefined && Number.isFinite(v) && Math.abs(v) <= limit ? v : null;
}

function rawText(payload: Buffer): string {
  return payload.subarray(0, rawPayloadLimit).toString('utf8');
}

function refusedMessage(
  incoming: Incoming,
  reason: FailedMeasureReason,
  detail: string,
  device: DeviceContext | null,
  msgSeq: number | null = null,
): Prepared {
  return {
    serial: incoming.serial,
    msgSeq,
    measures: [],
    events: [],
    failures: [
      {
        receivedAt: incoming.receivedAt,
        topic: incoming.topic,
        serial: incoming.serial,
        reason,
        detail,
        payload: rawText(incoming.payload),
        measureIndex: null,
      },
    ],
    status: device
      ? { deviceId: device.id, seenAt: incoming.receivedAt, battery: null, rssi: null, firmwareId: null }
      : null,
    error: reason,
    rejected: [],
  };
}

/** Product and model of the message against the catalogue and against the device's registration. */
async function identityProblem(
  message: DecodedMessage,
  incoming: Incoming,
  device: DeviceContext,
  directory: DeviceDirectory,
): Promise<{ reason: FailedMeasureReason; detail: string } | null> {
  const registeredAs = (
    code: 'productNotExpected' | 'modelNotExpected',
    registered: string | null,
    received: string,
  ) => failureDetail(code, { serial: device.serial, registered: registered ?? '(none)', received });
  if (message.serial !== null && message.serial !== incoming.serial)
    return {
      reason: 'invalid payload',
      detail: failureDetail('serialMismatch', { payload: message.serial, serial: incoming.serial }),
    };
  for (const code of new Set([incoming.topicProduct, message.product])) {
    if (code === null) continue;
    if (!(await directory.productExists(code)))
      return { reason: 'product not found', detail: failureDetail('productNotFound', { product: code }) };
    if (code !== device.productCode)
      return {
        reason: 'product not expected',
        detail: registeredAs('productNotExpected', device.productCode, code),
      };
  }
  if (message.model !== null) {
    if (!(await directory.modelExists(message.model)))
      return { reason: 'model not found', detail: failureDetail('modelNotFound', { model: message.model }) };
    // a self-registered device has no model until an operator reviews it
    if (device.modelName !== null && message.model !== device.modelName)
      return {
        reason: 'model not expected',
        detail: registeredAs('modelNotExpected', device.modelName, message.model),
      };
  }
  if (device.ports.size > 0) {
    const unknown = message.measures.find((m) => !device.ports.has(m.port));
    if (unknown)
      return {
        reason: 'invalid payload',
        detail: failureDetail('unknownPort', {
          port: unknown.port,
          model: String(device.modelName),
          ports: [...device.ports.keys()].join(', '),
        }),
      };
  }
  return null;
}

export function createPipeline(options: PipelineOptions) {
  const { directory } = options;
  const backfillMs = options.backfillDays * 86_400_000;
  const magnitudeLimit = maxMeasureMagnitude.toExponential();

  const tooLarge = (incoming: Incoming, device: DeviceContext | null): Prepared | null =>
    incoming.payload.length > options.maxMessageBytes
      ? refusedMessage(
          incoming,
          'invalid payload',
          failureDetail('tooLarge', { bytes: incoming.payload.length, max: options.maxMessageBytes }),
          device,
        )
      : null;

  async function up(incoming: Incoming): Promise<Prepared> {
    const device = await directory.get(incoming.serial);
    const oversized = tooLarge(incoming, device);
    if (oversized) return oversized;
    const decoded = decodePayload(incoming.payload, incoming.receivedAt);
    if (!decoded.ok) return refusedMessage(incoming, decoded.reason, decoded.detail, device);
    const message = decoded.message;
    if (!device)
      return refusedMessage(
        incoming,
        'invalid payload',
        failureDetail('unknownDevice', { serial: incoming.serial }),
        null,
        message.msgSeq,
      );
    // the embedded broker and HTTP refuse their logins; an external broker may still hold their credentials
    if (device.state === 'Decommissioned')
      return refusedMessage(
        incoming,
        'invalid payload',
        failureDetail('decommissioned', { serial: device.serial }),
        device,
        message.msgSeq,
      );
    const problem = await identityProblem(message, incoming, device, directory);
    if (problem) return refusedMessage(incoming, problem.reason, problem.detail, device, message.msgSeq);

    const received = incoming.receivedAt.getTime();
    const oldest = received - backfillMs;
    const newest = received + futureToleranceMs;
    const point = device.point;
    const measures: MeasureRow[] = [];
    const failures: FailedRow[] = [];
    const rejected: Prepared['rejected'] = [];
    const seen = new Set<string>();
    const refuse = (i: number, reason: FailedMeasureReason, detail: string) => {
      rejected.push({ i, reason });
      const m = message.measures[i]!;
      failures.push({
        receivedAt: incoming.receivedAt,
        topic: incoming.topic,
        serial: device.serial,
        reason,
        detail: message.msgSeq === null ? detail : `msg_seq ${message.msgSeq}: ${detail}`,
        // JSON has no Infinity: keep its name rather than a null
        payload: JSON.stringify({
          port: m.port,
          t: m.t.getTime() / 1000,
          v: Number.isFinite(m.v) ? m.v : String(m.v),
        }),
        measureIndex: i,
      });
    };

    for (const [i, m] of message.measures.entries()) {
      const ms = m.t.getTime();
      if (!Number.isFinite(ms) || ms < earliest || ms > newest || ms < oldest) {
        const why = !Number.isFinite(ms)
          ? 'notADate'
          : ms < earliest
            ? 'before2000'
            : ms > newest
              ? 'inFuture'
              : 'beyondBackfill';
        const at = Number.isFinite(ms) ? m.t.toISOString() : String(m.t);
        refuse(i, 'invalid date', failureDetail(why, { port: m.port, at, days: options.backfillDays }));
        continue;
      }
      if (!isStorableValue(m.v)) {
        refuse(
          i,
          'invalid payload',
          failureDetail('notFinite', { port: m.port, value: m.v, max: magnitudeLimit }),
        );
        continue;
      }
      const key = `${m.port}|${ms}`;
      if (seen.has(key)) {
        const at = m.t.toISOString();
        refuse(i, 'duplicated measure', failureDetail('twiceInMessage', { port: m.port, at }));
        continue;
      }
      seen.add(key);
      const type = device.ports.get(m.port);
      const parameters = point?.parameters[m.port] ?? {};
      const converted = type
        ? convert(type, m.v, parameters, point?.levels ?? noLevels, device.sentinels.get(m.port))
        : { direct: m.v, adjusted: m.v, interpreted: null, flag: flags.pass };
      measures.push({
        deviceId: device.id,
        port: m.port,
        epoch: ms / 1000,
        // a device with no point still reports: its values are kept, but mean nothing in a unit yet
        pointId: point?.id ?? null,
        direct: converted.direct,
        adjusted: converted.adjusted,
        interpreted: point ? converted.interpreted : null,
        flag: converted.flag,
        topic: incoming.topic,
        index: i,
      });
    }

    return {
      serial: device.serial,
      msgSeq: message.msgSeq,
      measures,
      events: [],
      failures,
      status: {
        deviceId: device.id,
        seenAt: incoming.receivedAt,
        // a status value that cannot be right is dropped; the measures of the message still count
        battery: statusValue(message.status?.battery, maxMeasureMagnitude),
        rssi: statusValue(message.status?.rssi, maxRssiMagnitude),
        firmwareId: message.firmware === null ? null : (device.firmwares.get(message.firmware) ?? null),
      },
      error: null,
      rejected,
    };
  }

  const eventSchema = z.object({
    type: z.enum(['ERROR', 'RESTART', 'SYSTEM']),
    message: z.string().max(2000).nullish(),
    t: z.union([z.number().finite(), z.iso.datetime({ offset: true })]).optional(),
  });

  async function events(incoming: Incoming): Promise<Prepared> {
    const device = await directory.get(incoming.serial);
    const oversized = tooLarge(incoming, device);
    if (oversized) return oversized;
    let body: unknown;
    try {
      body = JSON.parse(incoming.payload.toString('utf8'));
    } catch {
      return refusedMessage(incoming, 'unknown format', failureDetail('notJson'), device);
    }
    const list = Array.isArray(body) ? body : [body];
    const parsed = z.array(eventSchema).min(1).max(100).safeParse(list);
    if (!parsed.success)
      return refusedMessage(
        incoming,
        'invalid payload',
        parsed.error.issues[0]?.message ?? 'invalid event',
        device,
      );
    if (!device)
      return refusedMessage(
        incoming,
        'invalid payload',
        failureDetail('unknownDevice', { serial: incoming.serial }),
        null,
      );
    const received = incoming.receivedAt.getTime();
    const rows: EventRow[] = [];
    for (const e of parsed.data) {
      const ms = e.t === undefined ? received : typeof e.t === 'number' ? e.t * 1000 : Date.parse(e.t);
      if (ms < earliest || ms > received + futureToleranceMs)
        return refusedMessage(
          incoming,
          'invalid date',
          failureDetail('eventDate', { at: new Date(ms).toISOString() }),
          device,
        );
      rows.push({ deviceId: device.id, type: e.type, message: e.message ?? null, epoch: ms / 1000 });
    }
    return {
      serial: device.serial,
      msgSeq: null,
      measures: [],
      events: rows,
      failures: [],
      status: {
        deviceId: device.id,
        seenAt: incoming.receivedAt,
        battery: null,
        rssi: null,
        firmwareId: null,
      },
      error: null,
      rejected: [],
    };
  }

  return { up, events };
}
export type Pipeline = ReturnType<typeof createPipeline>;
