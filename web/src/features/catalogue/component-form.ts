/** Form values of a component: type, serial and the values of the type's dynamic fields. */
import { componentInputSchema } from '@aforo/contracts/components';
import type { Component, ComponentInput } from '@aforo/contracts/components';
import type { ComponentType } from '@aforo/contracts/component-types';
import { fieldMessage } from '@aforo/contracts/errors';
import { schemaErrors } from '../../lib/form-validation';
import { sessionStore } from '../../lib/session';

export type ComponentValue = string | number | boolean | null;

export interface ComponentFormValues {
  typeId: string | null;
  serial: string;
  values: Record<string, ComponentValue>;
}

export function componentFormValues(component: Component | null): ComponentFormValues {
  const values: Record<string, ComponentValue> = {};
  for (const [key, value] of Object.entries(component?.values ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      values[key] = value as ComponentValue;
    }
  }
  return { typeId: component?.type.id ?? null, serial: component?.serial ?? '', values };
}

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** The contract's rules plus the type's required fields. */
export function validateComponentForm(values: ComponentFormValues, type: ComponentType | undefined) {
  const errors = schemaErrors(componentInputSchema, values);
  const language = sessionStore.getState().language;
  for (const field of type?.dynamicFields ?? []) {
    if (field.required && field.type !== 'boolean' && isBlank(values.values[field.key])) {
      errors[`values.${field.key}`] = fieldMessage('required', language);
    }
  }
  return errors;
}

/** Only the type's fields are sent; blanks as null. */
export function componentInputOf(
  values: ComponentFormValues,
  type: ComponentType | undefined,
): ComponentInput {
  const sent: Record<string, ComponentValue> = {};
  for (const field of type?.dynamicFields ?? []) {
    const value = values.values[field.key];
    sent[field.key] = field.type === 'boolean' ? value === true : isBlank(value) ? null : (value ?? null);
  }
  return componentInputSchema.parse({ typeId: values.typeId, serial: values.serial, values: sent });
}
