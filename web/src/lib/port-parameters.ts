/**
 * One port's device parameters as form values (docs/DATA-MODEL.md "Device parameters"), their mapping to the
 * contract's portParametersSchema input, and which fields fit each port type (docs/MEASURES.md).
 */
import type { PortType } from '@aforo/contracts/models';
import type { portParametersSchema } from '@aforo/contracts/point-parameters';
import type { z } from 'zod';

type NumberValue = number | string;

export const portNumberFields = [
  'factor_pulse',
  'pulse_value',
  'value_4mA',
  'value_20mA',
  'min_value_expected',
  'max_value_expected',
  'alert_upper',
  'alert_lower',
  'warning_upper',
  'warning_lower',
  'fluid_density',
] as const;
type PortNumberField = (typeof portNumberFields)[number];

export type PortFormValues = Record<PortNumberField, NumberValue> & {
  label: string;
  active: boolean;
  operation_mode: 'level' | 'status pulse';
  type_fluid: string | null;
  calculated_value_unit: string | null;
  state_zero: string;
  state_one: string;
};

export type PortParametersInput = z.input<typeof portParametersSchema>;

/** Every parameter field, in the order forms and tables show them. */
export const portParameterFields = [
  'label',
  'active',
  'operation_mode',
  'factor_pulse',
  'pulse_value',
  'state_zero',
  'state_one',
  'value_4mA',
  'value_20mA',
  'type_fluid',
  'fluid_density',
  'calculated_value_unit',
  'min_value_expected',
  'max_value_expected',
  'warning_lower',
  'warning_upper',
  'alert_lower',
  'alert_upper',
] as const;
export type PortParameterField = (typeof portParameterFields)[number];

/** Fields of one port type only; the others apply to every port. */
const typeFields: Record<PortType, readonly PortParameterField[]> = {
  current_4_20: ['value_4mA', 'value_20mA'],
  pressure: ['type_fluid', 'fluid_density'],
  pulse: ['factor_pulse', 'pulse_value', 'operation_mode', 'state_zero', 'state_one'],
  ultrasonic: [],
  radar: [],
};
const specific = new Set(Object.values(typeFields).flat());

/** The fields a port of this type shows (state labels only in status-pulse mode). */
export function fieldsForPort(type: PortType, mode: string | null | undefined): PortParameterField[] {
  return portParameterFields.filter(
    (field) =>
      (!specific.has(field) || typeFields[type].includes(field)) &&
      ((field !== 'state_zero' && field !== 'state_one') || mode === 'status pulse'),
  );
}

/** Fields whose value is in the port's calculated unit (or the point's). */
export const fieldsInUnit = new Set<PortParameterField>([
  'pulse_value',
  'value_4mA',
  'value_20mA',
  'min_value_expected',
  'max_value_expected',
  'alert_upper',
  'alert_lower',
  'warning_upper',
  'warning_lower',
]);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const numberValue = (value: unknown): NumberValue => (typeof value === 'number' ? value : '');

/** Form values from a port's stored parameters (absent: the defaults). */
export function portFormValues(stored: Record<string, unknown> | undefined): PortFormValues {
  const p = stored ?? {};
  const numbers = Object.fromEntries(portNumberFields.map((f) => [f, numberValue(p[f])])) as Record<
    PortNumberField,
    NumberValue
  >;
  return {
    ...numbers,
    label: text(p.label),
    active: p.active !== false,
    operation_mode: p.operation_mode === 'status pulse' ? 'status pulse' : 'level',
    type_fluid: typeof p.type_fluid === 'string' ? p.type_fluid : null,
    calculated_value_unit: typeof p.calculated_value_unit === 'string' ? p.calculated_value_unit : null,
    state_zero: text(p.state_zero),
    state_one: text(p.state_one),
  };
}

const numberOrNull = (value: NumberValue): number | null =>
  value === '' ? null : typeof value === 'number' ? value : Number(value);

/** The contract input of one port; blanks become null. */
export function toPortParameters(values: PortFormValues): PortParametersInput {
  const numbers = Object.fromEntries(portNumberFields.map((f) => [f, numberOrNull(values[f])]));
  return {
    ...numbers,
    label: values.label.trim() === '' ? null : values.label,
    active: values.active,
    operation_mode: values.operation_mode,
    type_fluid: (values.type_fluid ?? null) as PortParametersInput['type_fluid'],
    calculated_value_unit: (values.calculated_value_unit ??
      null) as PortParametersInput['calculated_value_unit'],
    state_zero: values.state_zero.trim() === '' ? null : values.state_zero,
    state_one: values.state_one.trim() === '' ? null : values.state_one,
  };
}
