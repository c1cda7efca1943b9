/** The install wizard's configuration step: form values, the contract input and the docs/VALIDATION.md checks. */
import { fieldMessage } from '@aforo/contracts/errors';
import { installConfigurationSchema } from '@aforo/contracts/devices';
import type { InstallConfigurationInput } from '@aforo/contracts/devices';
import type { Port } from '@aforo/contracts/models';
import type { Point } from '@aforo/contracts/points';
import { ApiError } from '../../lib/api';
import { schemaErrors } from '../../lib/form-validation';
import { portFormValues, toPortParameters, type PortFormValues } from '../../lib/port-parameters';
import { sessionStore } from '../../lib/session';

export interface InstallConfigurationValues {
  measureTime: string;
  transmissionTime: string;
  measuresForAvg: number | string;
  /** One entry per port of the device's model. */
  parameters: Record<string, PortFormValues>;
}

/** Prefilled from the point: its times and each model port's stored parameters. */
export function configurationValues(
  point: Pick<Point, 'measureTime' | 'transmissionTime' | 'measuresForAvg' | 'parameters'>,
  ports: readonly Pick<Port, 'key'>[],
): InstallConfigurationValues {
  return {
    measureTime: String(point.measureTime),
    transmissionTime: String(point.transmissionTime),
    measuresForAvg: point.measuresForAvg,
    parameters: Object.fromEntries(
      ports.map((port) => [port.key, portFormValues(point.parameters[port.key])]),
    ),
  };
}

export function toConfiguration(values: InstallConfigurationValues): InstallConfigurationInput {
  return {
    measureTime: Number(values.measureTime),
    transmissionTime: Number(values.transmissionTime),
    measuresForAvg:
      values.measuresForAvg === '' ? (undefined as unknown as number) : Number(values.measuresForAvg),
    parameters: Object.fromEntries(
      Object.entries(values.parameters).map(([key, port]) => [key, toPortParameters(port)]),
    ),
  };
}

/** Field path (as in the form) → message; the contract's checks plus the cross-field ones it runs last. */
export function validateConfiguration(values: InstallConfigurationValues): Record<string, string> {
  const language = sessionStore.getState().language;
  const errors = schemaErrors(installConfigurationSchema, toConfiguration(values));
  // the schema's cross-field refinements only run once every field parses: check them here too
  if (Number(values.transmissionTime) <= Number(values.measureTime))
    errors.transmissionTime ??= fieldMessage('transmissionAfterMeasure', language);
  for (const [key, port] of Object.entries(values.parameters)) {
    const at = (field: string) => `parameters.${key}.${field}`;
    if (port.value_4mA !== '' && port.value_20mA !== '' && Number(port.value_4mA) === Number(port.value_20mA))
      errors[at('value_20mA')] ??= fieldMessage('values4And20Differ', language);
    if (port.operation_mode === 'status pulse') {
      // the contract names only state_one; each blank label gets its own message
      delete errors[at('state_one')];
      for (const field of ['state_zero', 'state_one'] as const)
        if (port[field].trim() === '') errors[at(field)] = fieldMessage('required', language);
    }
  }
  return errors;
}

/** A 400 of the install: its fields under "configuration." become the form's own paths. */
export function configurationFieldErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof ApiError)) return null;
  const prefix = 'configuration.';
  const fields = Object.entries(error.fields).filter(([path]) => path.startsWith(prefix));
  if (fields.length === 0) return null;
  return Object.fromEntries(fields.map(([path, message]) => [path.slice(prefix.length), message]));
}
