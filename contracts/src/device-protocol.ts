/** The device payload of docs/DEVICE-PROTOCOL.md: native JSON, plus the SenML and ThingsBoard-style bodies we accept. */
import { z } from 'zod';
import { deviceStateSchema, operationModes } from './device-states';
import { calculatedUnits, fluidTypes, type PortParameters } from './point-parameters';

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

/** An index in the message and why that measure was refused. */
export const rejectedMeasureSchema = z.object({
  i: z.number().int().nonnegative(),
  reason: z.enum(failedMeasureReasons),
});

/** What Aforo publishes on `…/{serial}/ack` after commit, and answers over HTTP (docs/DEVICE-PROTOCOL.md). */
export const deviceAckSchema = z.object({
  /** The message's own, null when it had none (SenML, ThingsBoard bodies, unreadable messages). */
  msg_seq: z.number().int().nonnegative().nullable(),
  accepted: z.number().int().nonnegative(),
  /** Measures already stored; each is also in `rejected`. */
  duplicates: z.number().int().nonnegative(),
  rejected: z.array(rejectedMeasureSchema),
  /** Present only when the whole message was refused. */
  error: z.enum(failedMeasureReasons).optional(),
});
export type DeviceAck = z.infer<typeof deviceAckSchema>;

const nullableNumber = z.number().nullable();
// satisfies: a port parameter added to point-parameters.ts must be added here too (devices get every one)
const portConfigShape = {
  label: z.string().nullable(),
  active: z.boolean(),
  operation_mode: z.enum(operationModes),
  factor_pulse: nullableNumber,
  pulse_value: nullableNumber,
  value_4mA: nullableNumber,
  value_20mA: nullableNumber,
  min_value_expected: nullableNumber,
  max_value_expected: nullableNumber,
  alert_upper: nullableNumber,
  alert_lower: nullableNumber,
  warning_upper: nullableNumber,
  warning_lower: nullableNumber,
  type_fluid: z.enum(fluidTypes).nullable(),
  fluid_density: nullableNumber,
  calculated_value_unit: z.enum(calculatedUnits).nullable(),
  state_zero: z.string().nullable(),
  state_one: z.string().nullable(),
} satisfies Record<keyof PortParameters, z.ZodType>;

/**
 * One port's parameters as the point stores them, with no defaults filled in: a point saved before a
 * parameter existed lacks it, hence every field optional.
 */
export const devicePortConfigSchema = z.object(portConfigShape).partial();
export type DevicePortConfig = z.infer<typeof devicePortConfigSchema>;

/**
 * The retained message on `…/{serial}/config` (docs/DEVICE-PROTOCOL.md): what a sleeping device
 * applies when it wakes. `point`, the three times and `ports` are empty while it is not installed.
 */
export const deviceConfigSchema = z.object({
  serial: z.string().min(1),
  product: z.string().min(1),
  /** Null while a self-registered device has no model yet (Unconfigured). */
  model: z.string().nullable(),
  state: deviceStateSchema,
  point: z.guid().nullable(),
  /** Seconds between two measures. */
  measure_time: z.number().int().positive().nullable(),
  /** Seconds between two transmissions. */
  transmission_time: z.number().int().positive().nullable(),
  /** Readings averaged on the device into one measure. */
  measures_for_avg: z.number().int().positive().nullable(),
  ports: z.record(z.string(), devicePortConfigSchema),
  /** When the point's parameters last changed (the epoch when not installed). */
  updated_at: z.iso.datetime(),
});
export type DeviceConfig = z.infer<typeof deviceConfigSchema>;
