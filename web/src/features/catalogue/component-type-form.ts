/** Form values of a component type (with its dynamic fields) and their validation. */
import { componentTypeInputSchema } from '@aforo/contracts/component-types';
import type { ComponentType, ComponentTypeInput } from '@aforo/contracts/component-types';
import { schemaErrors } from '../../lib/form-validation';

export type DynamicFieldType = 'text' | 'number' | 'date' | 'boolean';

export interface DynamicFieldFormValues {
  /** React key of the row; not sent. */
  rowKey: string;
  key: string;
  label: string;
  type: DynamicFieldType;
  required: boolean;
}

export interface ComponentTypeFormValues {
  name: string;
  /** Keys of the contract's lists; null until chosen (docs/VALIDATION.md "must be selected"). */
  magnitude: string | null;
  measureType: string | null;
  companyId: string | null;
  enabled: boolean;
  dynamicFields: DynamicFieldFormValues[];
}

let nextRow = 0;
const rowKey = () => `field-${++nextRow}`;

export function newDynamicField(): DynamicFieldFormValues {
  return { rowKey: rowKey(), key: '', label: '', type: 'text', required: false };
}

export function componentTypeFormValues(type: ComponentType | null): ComponentTypeFormValues {
  return {
    name: type?.name ?? '',
    magnitude: type?.magnitude ?? null,
    measureType: type?.measureType ?? null,
    companyId: type?.company.id ?? null,
    enabled: type?.enabled ?? true,
    dynamicFields: (type?.dynamicFields ?? []).map((field) => ({ ...field, rowKey: rowKey() })),
  };
}

export const validateComponentTypeForm = (values: ComponentTypeFormValues) =>
  schemaErrors(componentTypeInputSchema, values);

export function componentTypeInputOf(values: ComponentTypeFormValues): ComponentTypeInput {
  return componentTypeInputSchema.parse({
    ...values,
    dynamicFields: values.dynamicFields.map(({ key, label, type, required }) => ({
      key,
      label,
      type,
      required,
    })),
  });
}
