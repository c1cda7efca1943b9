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

/**
 * The fields a port of this type shows (state labels only in status-pulse mode). A port of unknown
 * type (stored on the point, named by no installed model) shows the common fields plus the
 * type-specific ones it already has a value for, so nothing stored is hidden.
 */
export function fieldsForPort(
  type: PortType | null,
  mode: string | null | undefined,
  values?: Partial<PortFormValues>,
): PortParameterField[] {
  const hasValue = (field: PortParameterField) => {
    const value = values?.[field as keyof PortFormValues];
    return value !== undefined && value !== null && value !== '';
  };
  return portParameterFields.filter(
    (field) =>
      (!specific.has(field) || (type ? typeFields[type].includes(field) : hasValue(field))) &&
      ((field !== 'state_zero' && field !== 'state_one') || mode === 'status pulse'),
  );
}

/** The port's limits and expected range: what each one does, shown as help under its field. */
export const fieldsWithHelp = new Set<PortParameterField>([
  'min_value_expected',
  'max_value_expected',
  'alert_upper',
  'alert_lower',
  'warning_upper',
  'warning_lower',
]);

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

/** True when nothing differs from a port never configured (such a port need not be stored). */
export function isBlankPort(values: PortFormValues): boolean {
  const blank = portFormValues(undefined);
  return (Object.keys(blank) as (keyof PortFormValues)[]).every((field) => values[field] === blank[field]);
}

type PortMessageKey = 'values4And20Differ' | 'invalid' | 'required';

/**
 * The cross-field checks of one port (docs/VALIDATION.md): the contract runs them only once every
 * field parses, a form shows them at once. Field → message key.
 */
export function portCrossFieldErrors(
  values: PortFormValues,
): Partial<Record<PortParameterField, PortMessageKey>> {
  const errors: Partial<Record<PortParameterField, PortMessageKey>> = {};
  const filled = (v: NumberValue) => v !== '' && Number.isFinite(Number(v));
  if (
    filled(values.value_4mA) &&
    filled(values.value_20mA) &&
    Number(values.value_4mA) === Number(values.value_20mA)
  )
    errors.value_20mA = 'values4And20Differ';
  if (
    filled(values.min_value_expected) &&
    filled(values.max_value_expected) &&
    Number(values.min_value_expected) >= Number(values.max_value_expected)
  )
    errors.max_value_expected = 'invalid';
  if (values.operation_mode === 'status pulse')
    for (const field of ['state_zero', 'state_one'] as const)
      if (values[field].trim() === '') errors[field] = 'required';
  return errors;
}
