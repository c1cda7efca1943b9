/** The point form's values, their mapping to the contract's input and the docs/VALIDATION.md messages. */
import { alertReplayInputSchema } from '@aforo/contracts/alert-replay';
import type { AlertReplayInputParsed } from '@aforo/contracts/alert-replay';
import { alertDefaults } from '@aforo/contracts/alert-types';
import { fieldMessage } from '@aforo/contracts/errors';
import type { FieldMessageKey } from '@aforo/contracts/errors';
import { maxMeasuresForAvg } from '@aforo/contracts/point-parameters';
import { pointInputSchema, pointKindUnitGroup } from '@aforo/contracts/points';
import type { Point, PointInput } from '@aforo/contracts/points';
import { unitGroupKeys, unitGroupOf, unitGroups } from '@aforo/contracts/units';
import type { UnitGroup } from '@aforo/contracts/units';
import { schemaErrors } from '../../lib/form-validation';
import {
  isBlankPort,
  portCrossFieldErrors,
  portFormValues,
  toPortParameters,
  type PortFormValues,
} from '../../lib/port-parameters';
import { sessionStore } from '../../lib/session';

type NumberValue = number | string;

export interface PointFormValues {
  name: string;
  address: string;
  latitude: NumberValue;
  longitude: NumberValue;
  kind: Point['kind'];
  groundLevel: NumberValue;
  invertLevel: NumberValue;
  measureTime: string;
  transmissionTime: string;
  measuresForAvg: NumberValue;
  /** The danger level (the spec's alert_value) and the warning level (warning_value). */
  alertValue: NumberValue;
  warningValue: NumberValue;
  alertOnDelay: NumberValue;
  alertOffDelay: NumberValue;
  /** Blank: 2 % of each level (docs/ALERTS.md). */
  alertDeadband: NumberValue;
  levelDifference: NumberValue;
  value4mA: NumberValue;
  value20mA: NumberValue;
  /** "group:symbol" (unitOptionValue): a symbol sits in several groups, a Select option in one. */
  unit: string;
  test: boolean;
  alertFlat: boolean;
  defaultAmountMeasuresFlat: NumberValue;
  defaultAmountGapMeasureExceed: NumberValue;
  public: boolean;
  /** One entry per port shown: those the point stores plus those of the installed device's model. */
  parameters: Record<string, PortFormValues>;
}

const blank = (value: number | null | undefined): NumberValue => value ?? '';

/** The Select value of a unit in a group; only the symbol is sent and stored. */
export const unitOptionValue = (group: UnitGroup, symbol: string) => `${group}:${symbol}`;
export const unitOfOptionValue = (value: string) => value.slice(value.indexOf(':') + 1);

/** The grouped options of the unit Select (docs/LIMITS.md unit groups), group names translated. */
export function unitSelectData(groupLabel: (group: UnitGroup) => string) {
  return unitGroupKeys.map((group) => ({
    group: groupLabel(group),
    items: unitGroups[group].map((symbol) => ({ value: unitOptionValue(group, symbol), label: symbol })),
  }));
}

/** A stored unit shown in the group its point's kind prefers (m of a river: level, not distance). */
function unitFormValue(point: Point | null): string {
  const symbol = point?.unit ?? 'm';
  const group = unitGroupOf(symbol, pointKindUnitGroup[point?.kind ?? 'river']);
  // a unit outside the catalogue matches no option: the Select shows it empty and asks for one
  return group ? unitOptionValue(group, symbol) : symbol;
}

export function pointFormValues(point: Point | null): PointFormValues {
  return {
    name: point?.name ?? '',
    address: point?.address ?? '',
    latitude: blank(point?.latitude),
    longitude: blank(point?.longitude),
    kind: point?.kind ?? 'river',
    groundLevel: blank(point?.groundLevel),
    invertLevel: blank(point?.invertLevel),
    measureTime: String(point?.measureTime ?? 900),
    transmissionTime: String(point?.transmissionTime ?? 3600),
    measuresForAvg: point?.measuresForAvg ?? 1,
    alertValue: blank(point?.alertValue),
    warningValue: blank(point?.warningValue),
    alertOnDelay: point?.alertOnDelay ?? alertDefaults.onDelaySamples,
    alertOffDelay: point?.alertOffDelay ?? alertDefaults.offDelaySamples,
    alertDeadband: blank(point?.alertDeadband),
    levelDifference: point?.levelDifference ?? 0,
    value4mA: blank(point?.value4mA),
    value20mA: blank(point?.value20mA),
    unit: unitFormValue(point),
    test: point?.test ?? false,
    alertFlat: point?.alertFlat ?? true,
    defaultAmountMeasuresFlat: point?.defaultAmountMeasuresFlat ?? 10,
    defaultAmountGapMeasureExceed: point?.defaultAmountGapMeasureExceed ?? 3,
    public: point?.public ?? false,
    parameters: Object.fromEntries(
      Object.entries(point?.parameters ?? {}).map(([key, stored]) => [key, portFormValues(stored)]),
    ),
  };
}

const numberOrNull = (value: NumberValue): number | null =>
  value === '' ? null : typeof value === 'number' ? value : Number(value);

/**
 * The request body before parsing; required numbers left blank stay undefined so "required" shows.
 * A port is sent when the point stored it or a field of it was filled in: a model port left blank
 * stays unconfigured, as before the form showed it.
 */
export function toPointInput(values: PointFormValues, storedPorts: readonly string[] = []): PointInput {
  const required = (value: NumberValue) => numberOrNull(value) ?? (undefined as unknown as number);
  return {
    name: values.name,
    address: values.address,
    latitude: required(values.latitude),
    longitude: required(values.longitude),
    kind: values.kind,
    groundLevel: numberOrNull(values.groundLevel),
    invertLevel: numberOrNull(values.invertLevel),
    measureTime: Number(values.measureTime),
    transmissionTime: Number(values.transmissionTime),
    measuresForAvg: required(values.measuresForAvg),
    alertValue: numberOrNull(values.alertValue),
    warningValue: numberOrNull(values.warningValue),
    alertOnDelay: required(values.alertOnDelay),
    alertOffDelay: required(values.alertOffDelay),
    alertDeadband: numberOrNull(values.alertDeadband),
    levelDifference: numberOrNull(values.levelDifference) ?? 0,
    value4mA: numberOrNull(values.value4mA),
    value20mA: numberOrNull(values.value20mA),
    unit: unitOfOptionValue(values.unit) as PointInput['unit'],
    test: values.test,
    alertFlat: values.alertFlat,
    defaultAmountMeasuresFlat: required(values.defaultAmountMeasuresFlat),
    defaultAmountGapMeasureExceed: required(values.defaultAmountGapMeasureExceed),
    public: values.public,
    parameters: Object.fromEntries(
      Object.entries(values.parameters)
        .filter(([key, port]) => storedPorts.includes(key) || !isBlankPort(port))
        .map(([key, port]) => [key, toPortParameters(port)]),
    ),
  };
}

/** The form's field → message; every port's fields are checked, blank ones included. */
export function validatePointForm(values: PointFormValues): Record<string, string> {
  const language = sessionStore.getState().language;
  const input = toPointInput(values, Object.keys(values.parameters));
  const errors = schemaErrors(pointInputSchema, input);
  // the schema's cross-field refinements only run once every field parses: check them here too
  if (Number(values.transmissionTime) <= Number(values.measureTime))
    errors.transmissionTime = fieldMessage('transmissionAfterMeasure', language);
  if (input.value4mA != null && input.value4mA === input.value20mA)
    errors.value20mA = fieldMessage('values4And20Differ', language);
  // the contract defaults a missing delay to 1; a delay the operator cleared is asked for instead
  for (const field of ['alertOnDelay', 'alertOffDelay'] as const)
    if (values[field] === '') errors[field] = fieldMessage('required', language);
  if (input.alertValue != null && input.warningValue != null && input.warningValue > input.alertValue)
    errors.warningValue = fieldMessage('warningAboveDanger', language);
  for (const [key, port] of Object.entries(values.parameters)) {
    const at = (field: string) => `parameters.${key}.${field}`;
    // the contract names only state_one when a state label is missing; each blank label gets its own
    if (port.operation_mode === 'status pulse' && port.state_one.trim() !== '')
      if (errors[at('state_one')] === fieldMessage('required', language)) delete errors[at('state_one')];
    for (const [field, message] of Object.entries(portCrossFieldErrors(port)))
      errors[at(field)] ??= fieldMessage(message, language);
  }
  const set = (field: string, key: FieldMessageKey, params?: Record<string, number>) => {
    if (errors[field]) errors[field] = fieldMessage(key, language, params);
  };
  if (typeof input.latitude === 'number') set('latitude', 'latitude');
  if (typeof input.longitude === 'number') set('longitude', 'longitude');
  if (typeof input.measuresForAvg === 'number' && input.measuresForAvg > maxMeasuresForAvg)
    set('measuresForAvg', 'measuresForAvgMax', { max: maxMeasuresForAvg });
  return errors;
}

/** The fields the alert replay takes: the levels, the delays and the deadband. */
export const tuningFields = [
  'alertValue',
  'warningValue',
  'alertOnDelay',
  'alertOffDelay',
  'alertDeadband',
] as const satisfies readonly (keyof PointFormValues)[];

/** The replay body of the form's levels and delays; null while they do not validate. */
export function replayCandidate(values: PointFormValues): AlertReplayInputParsed | null {
  const parsed = alertReplayInputSchema.safeParse(
    Object.fromEntries(tuningFields.map((field) => [field, numberOrNull(values[field])])),
  );
  return parsed.success ? parsed.data : null;
}
