/** Measurement points (docs/DATA-MODEL.md, docs/VALIDATION.md). */
import { z } from 'zod';
import { alertDefaults } from './alert-types';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { optionalText, queryBoolean, requiredText } from './common/text';
import {
  maxMeasuresForAvg,
  measureTimeSchema,
  pointParametersSchema,
  transmissionTimeSchema,
} from './point-parameters';
import { pointLatestSchema, pointLevelSchema } from './point-state';
import { unitSchema, type UnitGroup } from './units';

export const pointKinds = ['river', 'channel', 'well', 'tank', 'rain_gauge', 'flow'] as const;
export type PointKind = (typeof pointKinds)[number];
/** The unit group a point's unit is shown in when its symbol sits in several (m: level, not distance). */
export const pointKindUnitGroup: Record<PointKind, UnitGroup> = {
  river: 'level',
  channel: 'level',
  well: 'level',
  tank: 'level',
  rain_gauge: 'precipitation',
  flow: 'flow_rate',
};
const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);

/**
 * Alert tuning (docs/ALERTS.md, "On-delay, off-delay and deadband"): how many consecutive measures
 * must cross a threshold before its alert opens (on-delay) or be back inside the deadband before it
 * clears (off-delay), 1 to 100.
 */
export const alertDelaySchema = z.number('number').int('integer').min(1, 'min').max(100, 'max');
/**
 * The deadband of the point's thresholds, in the point's unit (e.g. 0.1 m: a DANGER at 8 m clears
 * below 7.9 m), as the evaluator reads it; null: 2 % of each threshold's magnitude
 * (alertDefaults.deadbandShare).
 */
export const alertDeadbandSchema = z
  .number('number')
  .min(0, 'min')
  .nullish()
  .transform((v) => v ?? null);

/** The warning level may not lie above the danger level (the point form and the alert replay). */
export function levelOrder(
  p: { alertValue: number | null; warningValue: number | null },
  ctx: z.RefinementCtx,
): void {
  if (p.alertValue !== null && p.warningValue !== null && p.warningValue > p.alertValue)
    ctx.addIssue({ code: 'custom', path: ['warningValue'], message: 'warningAboveDanger' });
}

export const pointSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  kind: z.enum(pointKinds),
  groundLevel: z.number().nullable(),
  invertLevel: z.number().nullable(),
  measureTime: z.number().int(),
  transmissionTime: z.number().int(),
  measuresForAvg: z.number().int(),
  alertValue: z.number().nullable(),
  warningValue: z.number().nullable(),
  alertOnDelay: z.number().int(),
  alertOffDelay: z.number().int(),
  /** In the point's unit; null: 2 % of each threshold (alertDeadbandSchema). */
  alertDeadband: z.number().nullable(),
  levelDifference: z.number(),
  value4mA: z.number().nullable(),
  value20mA: z.number().nullable(),
  unit: z.string(),
  test: z.boolean(),
  alertFlat: z.boolean(),
  defaultAmountMeasuresFlat: z.number().int(),
  defaultAmountGapMeasureExceed: z.number(),
  public: z.boolean(),
  favorite: z.boolean(),
  parameters: z.record(z.string(), z.record(z.string(), z.unknown())),
  device: z.object({ id: idSchema, serial: z.string(), state: z.string() }).nullable(),
  layers: z.array(z.object({ id: idSchema, name: z.string(), colour: z.string() })),
  /** The latest reading and level (contracts/point-state.ts). */
  latest: pointLatestSchema.nullable(),
  level: pointLevelSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Point = z.infer<typeof pointSchema>;

export const pointInputSchema = z
  .object({
    name: requiredText(120),
    address: optionalText(300),
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    kind: z.enum(pointKinds),
    groundLevel: optionalNumber,
    invertLevel: optionalNumber,
    measureTime: measureTimeSchema,
    transmissionTime: transmissionTimeSchema,
    measuresForAvg: z.number().int().min(1).max(maxMeasuresForAvg).default(1),
    alertValue: optionalNumber,
    warningValue: optionalNumber,
    alertOnDelay: alertDelaySchema.default(alertDefaults.onDelaySamples),
    alertOffDelay: alertDelaySchema.default(alertDefaults.offDelaySamples),
    alertDeadband: alertDeadbandSchema,
    levelDifference: z.number().finite().default(0),
    value4mA: optionalNumber,
    value20mA: optionalNumber,
    // a symbol of the units catalogue (docs/LIMITS.md unit groups), nothing else
    unit: unitSchema.default('m'),
    test: z.boolean().default(false),
    alertFlat: z.boolean().default(true),
    defaultAmountMeasuresFlat: z.number().int().min(2).max(1000).default(10),
    defaultAmountGapMeasureExceed: z.number().positive().max(1000).default(3),
    public: z.boolean().default(false),
    parameters: pointParametersSchema.default({}),
  })
  .superRefine((p, ctx) => {
    if (p.transmissionTime <= p.measureTime)
      ctx.addIssue({ code: 'custom', path: ['transmissionTime'], message: 'transmissionAfterMeasure' });
    if (p.value4mA !== null && p.value20mA !== null && p.value4mA === p.value20mA)
      ctx.addIssue({ code: 'custom', path: ['value20mA'], message: 'values4And20Differ' });
    levelOrder(p, ctx);
    if (p.groundLevel !== null && p.invertLevel !== null && p.invertLevel >= p.groundLevel)
      ctx.addIssue({ code: 'custom', path: ['invertLevel'], message: 'invalid' });
  });
export type PointInput = z.input<typeof pointInputSchema>;
export type PointInputParsed = z.output<typeof pointInputSchema>;

export const pointListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'kind', 'created_at']).default('name'),
  kind: z.enum(pointKinds).optional(),
  layerId: idSchema.optional(),
  favourites: queryBoolean,
  showDeleted: queryBoolean,
});
export type PointListQuery = z.infer<typeof pointListQuerySchema>;
export const pointListSchema = listResponseSchema(pointSchema);
