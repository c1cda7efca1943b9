/** Devices (docs/DATA-MODEL.md) and their life cycle (docs/DEVICES.md). */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { isoDate, optionalText, queryBoolean, requiredText, safeText } from './common/text';
import { deviceLocationSchema, deviceSimpleActions, deviceStateSchema } from './device-states';
import {
  maxMeasuresForAvg,
  measureTimeSchema,
  portParametersSchema,
  transmissionTimeSchema,
} from './point-parameters';

const ref = z.object({ id: idSchema, name: z.string() });

/**
 * An installed device's transmission (docs/REPORTS.md "Installed-device transmission status"): its
 * point past the No Transmission deadline (docs/ALERTS.md) or not, and for how long; the overview's
 * devicesOutOfService counts the same devices (contracts/src/overview.ts).
 */
export const deviceTransmissions = [
  'in_service',
  'out_of_service_under_24h',
  'out_of_service_over_24h',
] as const;
export const deviceTransmissionSchema = z.enum(deviceTransmissions);
export type DeviceTransmission = z.infer<typeof deviceTransmissionSchema>;

export const deviceSchema = z.object({
  id: idSchema,
  serial: z.string(),
  manufactured: z.string().nullable(),
  model: ref.nullable(),
  product: z.object({ id: idSchema, code: z.string() }).nullable(),
  firmware: z.object({ id: idSchema, version: z.string() }).nullable(),
  simNumber: z.string().nullable(),
  network: ref.nullable(),
  company: ref.nullable(),
  measurementPoint: ref.nullable(),
  batteryQuantity: z.number().int().nullable(),
  batteryMaxLoad: z.number().nullable(),
  technicalNotes: z.string().nullable(),
  serialExternalSensor: z.string().nullable(),
  state: deviceStateSchema,
  location: deviceLocationSchema,
  hasKey: z.boolean(),
  lastSeenAt: z.iso.datetime({ offset: true }).nullable(),
  lastBattery: z.number().nullable(),
  lastRssi: z.number().int().nullable(),
  /** null: not installed, or installed at a point in test (left out like the overview leaves it out). */
  transmission: deviceTransmissionSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }),
  updatedBy: z.object({ id: idSchema, email: z.string() }).nullable(),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceInputSchema = z.object({
  serial: safeText()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{1,39}$/),
  manufactured: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  modelId: idSchema,
  productId: idSchema,
  firmwareId: idSchema.nullish().transform((v) => v ?? null),
  simNumber: optionalText(30),
  networkId: idSchema.nullish().transform((v) => v ?? null),
  batteryQuantity: z
    .number()
    .int()
    .min(0)
    .max(100)
    .nullish()
    .transform((v) => v ?? null),
  batteryMaxLoad: z
    .number()
    .min(0)
    .max(10_000)
    .nullish()
    .transform((v) => v ?? null),
  technicalNotes: optionalText(2000),
  serialExternalSensor: optionalText(60),
  location: deviceLocationSchema.default('Store'),
});
export type DeviceInput = z.input<typeof deviceInputSchema>;
export type DeviceInputParsed = z.output<typeof deviceInputSchema>;

export const deviceOrderFields = ['serial', 'state', 'created_at', 'updated_at', 'last_seen_at'] as const;
export const deviceListQuerySchema = listQuerySchema.extend({
  order: z.enum(deviceOrderFields).default('serial'),
  state: deviceStateSchema.optional(),
  /** Only the installed devices in this transmission status (points in test never match). */
  transmission: deviceTransmissionSchema.optional(),
  showDeleted: queryBoolean,
  /** Provider staff: every company's devices (and stock without company) instead of the current one. */
  allCompanies: queryBoolean,
});
export type DeviceListQuery = z.infer<typeof deviceListQuerySchema>;
export const deviceListSchema = listResponseSchema(deviceSchema);

/** Body of POST /api/devices/{id}/{action}. */
export const deviceActionSchema = z.object({
  reason: optionalText(500),
  /** review and assign: the company the device goes to. */
  companyId: idSchema.optional(),
  location: deviceLocationSchema.optional(),
});
export type DeviceAction = z.output<typeof deviceActionSchema>;

export const deviceActionParamsSchema = z.object({
  id: idSchema,
  action: z.enum(deviceSimpleActions),
});

export const deviceKeySchema = z.object({ key: z.string() });

export const deviceStateChangeSchema = z.object({
  id: idSchema,
  from: deviceStateSchema.nullable(),
  to: deviceStateSchema,
  at: z.iso.datetime({ offset: true }),
  by: z.object({ id: idSchema, email: z.string() }).nullable(),
  point: ref.nullable(),
  reason: z.string().nullable(),
});
export const deviceStateHistorySchema = z.object({
  rows: z.array(deviceStateChangeSchema),
  total: z.number().int(),
});
export type DeviceStateChange = z.infer<typeof deviceStateChangeSchema>;

/**
 * Body of POST /api/devices/{id}/change-state (ADMIN): a correction to any state the transition table
 * allows from the current one; the reason is kept in the state history.
 */
export const deviceChangeStateSchema = z.object({
  state: deviceStateSchema,
  reason: requiredText(500),
});
export type DeviceChangeState = z.output<typeof deviceChangeStateSchema>;

/**
 * The install wizard's configuration step (docs/WEB.md, docs/VALIDATION.md): the point's times and per-port parameters,
 * applied to the point with the install. `parameters` replaces the point's, keyed by the ports of the
 * device's model (an unknown key is refused with its field named).
 */
export const installConfigurationSchema = z
  .object({
    measureTime: measureTimeSchema,
    transmissionTime: transmissionTimeSchema,
    measuresForAvg: z.number().int().min(1).max(maxMeasuresForAvg, 'measuresForAvgMax'),
    parameters: z.record(safeText().regex(/^[a-z][a-z0-9_]{0,19}$/), portParametersSchema),
  })
  .superRefine((c, ctx) => {
    if (c.transmissionTime <= c.measureTime)
      ctx.addIssue({ code: 'custom', path: ['transmissionTime'], message: 'transmissionAfterMeasure' });
  });
export type InstallConfiguration = z.output<typeof installConfigurationSchema>;
export type InstallConfigurationInput = z.input<typeof installConfigurationSchema>;

/** Body of POST /api/devices/{id}/install (the wizard's last step). */
export const deviceInstallSchema = z.object({
  pointId: idSchema,
  reason: optionalText(500),
  /** Absent: the point's configuration stays as it is. */
  configuration: installConfigurationSchema.optional(),
});
export type DeviceInstall = z.output<typeof deviceInstallSchema>;

/** Bulk import: a CSV with a header row (serial, model, product, firmware, network, company, sim, manufactured, location). */
export const deviceImportSchema = z.object({
  csv: safeText().min(1).max(2_000_000),
  /** true: check every row and import nothing. */
  dryRun: z.boolean().default(true),
});
export type DeviceImport = z.output<typeof deviceImportSchema>;

export const deviceImportResultSchema = z.object({
  /** Every row is valid (a real run then imported them all). */
  valid: z.boolean(),
  imported: z.number().int(),
  total: z.number().int(),
  /** The bad rows only, with each reason; line numbers count the header as line 1. */
  errors: z.array(
    z.object({
      line: z.number().int(),
      serial: z.string().nullable(),
      field: z.string(),
      message: z.string(),
    }),
  ),
});
export type DeviceImportResult = z.infer<typeof deviceImportResultSchema>;
