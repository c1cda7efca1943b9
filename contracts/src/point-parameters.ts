/** Per-port device parameters of a point (docs/DATA-MODEL.md "Device parameters", docs/MEASURES.md conversions). */
import { z } from 'zod';
import { safeText } from './common/text';
import { measureTimeOptions, transmissionTimeOptions } from './constants';
import { operationModes } from './device-states';

export const fluidTypes = ['water_20c', 'hydraulic_oil', 'gasoline'] as const;
/** kg/m³ (docs/MEASURES.md). */
export const fluidDensities: Record<(typeof fluidTypes)[number], number> = {
  water_20c: 998.2,
  hydraulic_oil: 870,
  gasoline: 745,
};
export const calculatedUnits = ['m', 'm³', 'mm/10min'] as const;
export const maxMeasuresForAvg = 60;

const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);

export const portParametersSchema = z
  .object({
    label: safeText()
      .trim()
      .max(60)
      .nullish()
      .transform((v) => v ?? null),
    active: z.boolean().default(true),
    operation_mode: z.enum(operationModes).default('level'),
    factor_pulse: optionalNumber,
    pulse_value: optionalNumber,
    value_4mA: optionalNumber,
    value_20mA: optionalNumber,
    min_value_expected: optionalNumber,
    max_value_expected: optionalNumber,
    alert_upper: optionalNumber,
    alert_lower: optionalNumber,
    warning_upper: optionalNumber,
    warning_lower: optionalNumber,
    type_fluid: z
      .enum(fluidTypes)
      .nullish()
      .transform((v) => v ?? null),
    fluid_density: z
      .number()
      .positive()
      .max(20_000)
      .nullish()
      .transform((v) => v ?? null),
    calculated_value_unit: z
      .enum(calculatedUnits)
      .nullish()
      .transform((v) => v ?? null),
    state_zero: safeText()
      .trim()
      .max(40)
      .nullish()
      .transform((v) => v ?? null),
    state_one: safeText()
      .trim()
      .max(40)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((p, ctx) => {
    if (p.value_4mA !== null && p.value_20mA !== null && p.value_4mA === p.value_20mA)
      ctx.addIssue({ code: 'custom', path: ['value_20mA'], message: 'values4And20Differ' });
    if (
      p.min_value_expected !== null &&
      p.max_value_expected !== null &&
      p.min_value_expected >= p.max_value_expected
    )
      ctx.addIssue({ code: 'custom', path: ['max_value_expected'], message: 'invalid' });
    if (p.operation_mode === 'status pulse' && (!p.state_zero || !p.state_one))
      ctx.addIssue({ code: 'custom', path: ['state_one'], message: 'required' });
  });
export type PortParameters = z.output<typeof portParametersSchema>;

/** parameters = {port key: PortParameters}; a JSON text is accepted too ("Invalid JSON format"). */
export const pointParametersSchema = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      return Symbol.for('invalid-json');
    }
  },
  z.record(safeText().regex(/^[a-z][a-z0-9_]{0,19}$/), portParametersSchema),
);

export const measureTimeSchema = z
  .number()
  .int()
  .refine((s) => (measureTimeOptions as readonly number[]).includes(s));
export const transmissionTimeSchema = z
  .number()
  .int()
  .refine((s) => (transmissionTimeOptions as readonly number[]).includes(s));
