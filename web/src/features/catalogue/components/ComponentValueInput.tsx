import { Checkbox, NumberInput, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ComponentType } from '@aforo/contracts/component-types';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import type { ComponentFormValues } from '../component-form';

export interface ComponentValueInputProps {
  field: ComponentType['dynamicFields'][number];
  form: UseFormReturnType<ComponentFormValues>;
}

/** The input of one dynamic field of the component's type (text, number, date or yes/no). */
export function ComponentValueInput({ field, form }: ComponentValueInputProps) {
  const path = `values.${field.key}`;
  switch (field.type) {
    case 'boolean':
      return <Checkbox label={field.label} {...form.getInputProps(path, { type: 'checkbox' })} />;
    case 'number':
      return <NumberInput label={field.label} withAsterisk={field.required} {...form.getInputProps(path)} />;
    case 'date':
      return (
        <DateTimeInput
          withTime={false}
          clearable={!field.required}
          label={field.label}
          withAsterisk={field.required}
          {...form.getInputProps(path)}
        />
      );
    default:
      return <TextInput label={field.label} withAsterisk={field.required} {...form.getInputProps(path)} />;
  }
}
