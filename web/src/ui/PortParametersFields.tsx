import { Checkbox, Fieldset, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PortType } from '@aforo/contracts/models';
import { calculatedUnits, fluidDensities, fluidTypes } from '@aforo/contracts/point-parameters';
import { operationModes } from '@aforo/contracts/device-states';
import { fieldsForPort, fieldsInUnit, fieldsWithHelp, type PortFormValues } from '../lib/port-parameters';

/** The part of a Mantine form the fields use, at any path (the install wizard's and the point form's). */
export interface PortFieldsForm {
  getInputProps(path: string, options?: { type?: 'input' | 'checkbox' }): Record<string, unknown>;
  setFieldValue(path: string, value: unknown): void;
}

export interface PortParametersFieldsProps {
  /** type null: a port stored on the point that no installed model names. */
  port: { key: string; type: PortType | null; label?: string | null };
  values: PortFormValues;
  form: PortFieldsForm;
  /** Where the port's values sit in the form, e.g. "parameters.ai1". */
  path: string;
  /** The point's unit, shown where a value is in it and no calculated unit is chosen. */
  unit?: string;
}

const helpBelow: ('label' | 'input' | 'description' | 'error')[] = ['label', 'input', 'description', 'error'];

/** One port's device parameters: the fields every port has plus those of its type (docs/MEASURES.md). */
export function PortParametersFields({ port, values, form, path, unit }: PortParametersFieldsProps) {
  const { t } = useTranslation();
  const fields = fieldsForPort(port.type, values.operation_mode, values);
  const shownUnit = values.calculated_value_unit ?? unit;
  const label = (field: string) =>
    `${t(`points.port.fields.${field}`)}${fieldsInUnit.has(field as never) && shownUnit ? ` (${shownUnit})` : ''}`;
  // the limits say what they do: an alert level, or the range outside which a value is suspect
  const input = (field: string) => ({
    ...form.getInputProps(`${path}.${field}`),
    ...(fieldsWithHelp.has(field as never)
      ? {
          description: t(`points.port.help.${field}`),
          // help under the input, so the inputs of a row line up
          inputWrapperOrder: helpBelow,
        }
      : {}),
  });
  const title = port.type
    ? t('points.port.portTitle', { key: port.key, type: t(`catalogue.portTypes.${port.type}`) })
    : t('points.port.portTitleUntyped', { key: port.key });

  return (
    <Fieldset legend={`${title}${port.label ? ` — ${port.label}` : ''}`} data-testid={`port-${port.key}`}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {fields.map((field) => {
          switch (field) {
            case 'active':
              return (
                <Checkbox
                  key={field}
                  mt="lg"
                  label={label(field)}
                  {...form.getInputProps(`${path}.${field}`, { type: 'checkbox' })}
                />
              );
            case 'label':
              return (
                <TextInput
                  key={field}
                  label={label(field)}
                  placeholder={port.label ?? undefined}
                  maxLength={60}
                  {...input(field)}
                />
              );
            case 'state_zero':
            case 'state_one':
              return (
                <TextInput key={field} label={label(field)} withAsterisk maxLength={40} {...input(field)} />
              );
            case 'operation_mode':
              return (
                <Select
                  key={field}
                  label={label(field)}
                  allowDeselect={false}
                  data={operationModes.map((mode) => ({
                    value: mode,
                    label: t(`points.port.modes.${mode}`),
                  }))}
                  {...input(field)}
                />
              );
            case 'type_fluid':
              return (
                <Select
                  key={field}
                  label={label(field)}
                  clearable
                  data={fluidTypes.map((fluid) => ({
                    value: fluid,
                    label: t(`points.port.fluids.${fluid}`),
                  }))}
                  {...input(field)}
                  // the density follows the fluid; it stays editable for other liquids
                  onChange={(fluid) => {
                    form.setFieldValue(`${path}.type_fluid`, fluid);
                    if (fluid)
                      form.setFieldValue(
                        `${path}.fluid_density`,
                        fluidDensities[fluid as keyof typeof fluidDensities],
                      );
                  }}
                />
              );
            case 'calculated_value_unit':
              return (
                <Select
                  key={field}
                  label={label(field)}
                  clearable
                  data={[...calculatedUnits]}
                  {...input(field)}
                />
              );
            case 'fluid_density':
              return (
                <NumberInput
                  key={field}
                  label={`${label(field)} (kg/m³)`}
                  min={0}
                  decimalScale={3}
                  {...input(field)}
                />
              );
            default:
              return <NumberInput key={field} label={label(field)} decimalScale={6} {...input(field)} />;
          }
        })}
      </SimpleGrid>
    </Fieldset>
  );
}
