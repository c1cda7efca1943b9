import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';
import { portTypes } from './models';
import { unitGroupKeys, type UnitGroup } from './units';

/** A component type's magnitude is the physical quantity it measures: a unit group (docs/LIMITS.md). */
export const componentMagnitudes = unitGroupKeys;
export const componentMagnitudeSchema = z.enum(componentMagnitudes as [UnitGroup, ...UnitGroup[]]);

/**
 * How a component measures or reports: the port types of the models (docs/DATA-MODEL.md), then what else
 * hydrometric stations fit — 0-10 V analogue outputs, the SDI-12 and Modbus (RS-485) digital
 * sensors of data loggers, float and shaft-encoder gauges, tipping-bucket rain gauges,
 * electromagnetic flow meters — and "other" for anything the list does not name.
 */
export const measureTypes = [
  ...portTypes,
  'voltage_0_10',
  'sdi12',
  'modbus',
  'float',
  'tipping_bucket',
  'electromagnetic',
  'other',
] as const;
export type MeasureType = (typeof measureTypes)[number];
export const measureTypeSchema = z.enum(measureTypes);

/** One dynamic field of a component type: the values each component of the type carries. */
export const dynamicFieldSchema = z.object({
  key: safeText().regex(/^[a-z][a-z0-9_]{0,29}$/),
  label: requiredText(60),
  type: z.enum(['text', 'number', 'date', 'boolean']),
  required: z.boolean().default(false),
});

export const componentTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  magnitude: componentMagnitudeSchema,
  measureType: measureTypeSchema,
  /** The owner; the provider's types are shared with every company (`shared`). */
  company: z.object({ id: idSchema, name: z.string() }),
  shared: z.boolean(),
  dynamicFields: z.array(dynamicFieldSchema),
  enabled: z.boolean(),
  components: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ComponentType = z.infer<typeof componentTypeSchema>;

export const componentTypeInputSchema = z.object({
  name: requiredText(80),
  magnitude: componentMagnitudeSchema,
  measureType: measureTypeSchema,
  /** The current company or the provider (whose types every company may use). */
  companyId: idSchema,
  dynamicFields: z.array(dynamicFieldSchema).max(30).default([]),
  enabled: z.boolean().default(true),
});
export type ComponentTypeInput = z.output<typeof componentTypeInputSchema>;

export const componentTypeListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'created_at']).default('name'),
});
export type ComponentTypeListQuery = z.infer<typeof componentTypeListQuerySchema>;
export const componentTypeListSchema = listResponseSchema(componentTypeSchema);
