/**
 * The three payload shapes devices may send, decoded to one message: native JSON, SenML (RFC 8428,
 * with base fields and relative times) and the ThingsBoard-style {ts, values} body.
 */
import {
  maxMeasuresPerMessage,
  nativePayloadSchema,
  senmlPackSchema,
  thingsboardBodySchema,
  type FailedMeasureReason,
} from '@aforo/contracts/device-protocol';
import { failureDetail } from '@aforo/contracts/failed-measure-details';

export interface DecodedMeasure {
  port: string;
  t: Date;
  v: number;
}

export interface DecodedMessage {
  format: 'native' | 'senml' | 'thingsboard';
  /** From the payload; SenML carries it in bn, ThingsBoard bodies not at all (the topic/auth tells). */
  serial: string | null;
  product: string | null;
  model: string | null;
  firmware: string | null;
  msgSeq: number | null;
  status: { battery?: number; rssi?: number } | null;
  measures: DecodedMeasure[];
}

export type DecodeResult =
  { ok: true; message: DecodedMessage } | { ok: false; reason: FailedMeasureReason; detail: string };

/** RFC 8428 §4.5.3: times below 2^28 are relative to now. */
const relativeLimit = 2 ** 28;
const senmlPrefix = /^urn:dev:sn:([^:]+):(.*)$/;

function issues(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`)
    .join('; ');
}

function epoch(t: number | string): Date {
  return typeof t === 'number' ? new Date(t * 1000) : new Date(t);
}

function decodeNative(body: unknown): DecodeResult {
  const parsed = nativePayloadSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'invalid payload', detail: issues(parsed.error) };
  const p = parsed.data;
  return {
    ok: true,
    message: {
      format: 'native',
      serial: p.serial,
      product: p.product,
      model: p.model,
      firmware: p.fw ?? null,
      msgSeq: p.msg_seq ?? null,
      status: p.status ?? null,
      measures: p.measures.map((m) => ({ port: m.port, t: epoch(m.t), v: m.v })),
    },
  };
}

function decodeSenml(body: unknown, now: Date): DecodeResult {
  const parsed = senmlPackSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'invalid payload', detail: issues(parsed.error) };
  let bn = '';
  let bt = 0;
  let bv = 0;
  let serial: string | null = null;
  const measures: DecodedMeasure[] = [];
  for (const [i, r] of parsed.data.entries()) {
    if (r.bn !== undefined) bn = r.bn;
    if (r.bt !== undefined) bt = r.bt;
    if (r.bv !== undefined) bv = r.bv;
    // a record of only base fields sets context and carries no value
    if (r.v === undefined && r.n === undefined) continue;
    if (r.v === undefined)
      return { ok: false, reason: 'invalid payload', detail: failureDetail('senmlNotNumeric', { index: i }) };
    const match = senmlPrefix.exec(bn + (r.n ?? ''));
    if (!match || !match[2])
      return {
        ok: false,
        reason: 'invalid payload',
        detail: failureDetail('senmlName', { index: i }),
      };
    if (serial !== null && match[1] !== serial)
      return { ok: false, reason: 'invalid payload', detail: failureDetail('senmlOneDevice', { index: i }) };
    serial = match[1]!;
    const time = bt + (r.t ?? 0);
    const t = time < relativeLimit ? new Date(now.getTime() + time * 1000) : new Date(time * 1000);
    measures.push({ port: match[2], t, v: bv + r.v });
  }
  if (measures.length === 0)
    return { ok: false, reason: 'invalid payload', detail: failureDetail('noMeasures') };
  return {
    ok: true,
    message: {
      format: 'senml',
      serial,
      product: null,
      model: null,
      firmware: null,
      msgSeq: null,
      status: null,
      measures,
    },
  };
}

function decodeThingsboard(body: unknown): DecodeResult {
  const parsed = thingsboardBodySchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: 'invalid payload', detail: issues(parsed.error) };
  const entries = Array.isArray(parsed.data) ? parsed.data : [parsed.data];
  const measures = entries.flatMap((e) =>
    Object.entries(e.values).map(([port, v]) => ({ port, t: new Date(e.ts), v })),
  );
  if (measures.length === 0 || measures.length > maxMeasuresPerMessage) {
    return {
      ok: false,
      reason: 'invalid payload',
      detail: failureDetail('measureCount', { measures: measures.length, max: maxMeasuresPerMessage }),
    };
  }
  return {
    ok: true,
    message: {
      format: 'thingsboard',
      serial: null,
      product: null,
      model: null,
      firmware: null,
      msgSeq: null,
      status: null,
      measures,
    },
  };
}

/** Recognises the shape by its fields, then validates it; anything else is an unknown format. */
export function decodePayload(raw: Buffer | string, now = new Date()): DecodeResult {
  let body: unknown;
  try {
    body = JSON.parse(typeof raw === 'string' ? raw : raw.toString('utf8'));
  } catch {
    return { ok: false, reason: 'unknown format', detail: failureDetail('notJson') };
  }
  const first = Array.isArray(body) ? body[0] : body;
  if (first && typeof first === 'object') {
    if ('measures' in first || ('v' in first && 'serial' in first)) return decodeNative(body);
    if (Array.isArray(body) && ('bn' in first || 'n' in first)) return decodeSenml(body, now);
    if ('ts' in first && 'values' in first) return decodeThingsboard(body);
  }
  return { ok: false, reason: 'unknown format', detail: failureDetail('unknownShape') };
}
