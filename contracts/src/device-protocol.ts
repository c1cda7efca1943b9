/** The device payload of DESIGN.md §6: native JSON, plus the SenML and ThingsBoard-style bodies we accept. */
import { z } from 'zod';

export const maxMeasuresPerMessage = 1000;

/**
 * The largest magnitude a measure value may have (raw or converted). No sensor we read comes near it
 * (mA, bar, metres, pulse counts of a 32-bit counter ≈ 4.3e9), doubles still hold it to 1e-4, and a
 * chart bucket can sum and square millions of such values without overflowing (1e12² · 1e9 ≪ 1.8e308).
 * Beyond it a value is refused per measure as "invalid payload".
 */
export const maxMeasureMagnitude = 1e12;

/** True for a finite number within ±maxMeasureMagnitude: what may be stored and aggregated. */
export function isStorableValue(v: number | null | undefined): v is number {
  return typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= maxMeasureMagnitude;
}

/**
 * A measure value as JSON.parse gives it: a number, or ±Infinity for a literal beyond a double
 * (1e400). Decoded here so the pipeline refuses that one measure, not the whole message.
 */
const measureValueSchema = z.number().or(z.literal([Infinity, -Infinity]));

/** Epoch seconds or an ISO 8601 text. */
const timeSchema = z.union([z.number().finite(), z.iso.datetime({ offset: true })]);

export const nativeMeasureSchema = z.object({
  port: z.string().min(1).max(20),
  t: timeSchema,
  v: measureValueSchema,
});

export const nativePayloadSchema = z.object({
  v: z.literal(1),
  product: z.string().min(1).max(20),
  model: z.string().min(1).max(60),
  serial: z.string().min(1).max(40),
  fw: z.string().max(40).optional(),
  msg_seq: z.number().int().nonnegative().optional(),
  status: z.object({ battery: z.number().finite().optional(), rssi: z.number().int().optional() }).optional(),
  measures: z.array(nativeMeasureSchema).min(1).max(maxMeasuresPerMessage),
});
export type NativePayload = z.infer<typeof nativePayloadSchema>;

/** One SenML record (RFC 8428 §4): base fields may appear on any record and apply from there on. */
export const senmlRecordSchema = z.object({
  bn: z.string().optional(),
  bt: z.number().finite().optional(),
  bv: measureValueSchema.optional(),
  bver: z.number().int().optional(),
  n: z.string().optional(),
  t: z.number().finite().optional(),
  v: measureValueSchema.optional(),
  vs: z.string().optional(),
  vb: z.boolean().optional(),
  u: z.string().optional(),
});
export const senmlPackSchema = z.array(senmlRecordSchema).min(1).max(maxMeasuresPerMessage);

export const thingsboardEntrySchema = z.object({
  ts: z.number().int().positive(),
  values: z.record(z.string().min(1).max(20), measureValueSchema),
});
export const thingsboardBodySchema = z.union([
  thingsboardEntrySchema,
  z.array(thingsboardEntrySchema).min(1).max(maxMeasuresPerMessage),
]);

export const failedMeasureReasons = [
  'unknown format',
  'invalid payload',
  'model not found',
  'product not found',
  'model not expected',
  'product not expected',
  'duplicated measure',
  'invalid date',
] as const;
export type FailedMeasureReason = (typeof failedMeasureReasons)[number];
