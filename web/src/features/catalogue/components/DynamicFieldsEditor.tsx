import { ActionIcon, Button, Checkbox, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { ComponentTypeFormValues } from '../component-type-form';
import { newDynamicField } from '../component-type-form';
import { RemoveIcon } from './RemoveIcon';

const fieldTypes = ['text', 'number', 'date', 'boolean'] as const;
const maxFields = 30;

/** The dynamic fields of a component type: key, label, value type and whether it is required. */
export function DynamicFieldsEditor({ form }: { form: UseFormReturnType<ComponentTypeFormValues> }) {
  const { t } = useTranslation();
  const fields = form.getValues().dynamicFields;
  const typeOptions = fieldTypes.map((type) => ({ value: type, label: t(`catalogue.fieldTypes.${type}`) }));

  return (
    <Input.Wrapper label={t('catalogue.componentTypes.fields')} error={form.errors.dynamicFields}>
      <Stack gap="xs" mt={4}>
        {fields.map((field, index) => (
          <Group key={field.rowKey} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={t('catalogue.componentTypes.fieldKey', { n: index + 1 })}
              placeholder={t('catalogue.componentTypes.fieldKeyPlaceholder')}
              w={130}
              maxLength={30}
              {...form.getInputProps(`dynamicFields.${index}.key`)}
            />
            <TextInput
              aria-label={t('catalogue.componentTypes.fieldLabel', { n: index + 1 })}
              placeholder={t('catalogue.componentTypes.fieldLabelPlaceholder')}
              style={{ flex: 1 }}
              maxLength={60}
              {...form.getInputProps(`dynamicFields.${index}.label`)}
            />
            <Select
              aria-label={t('catalogue.componentTypes.fieldType', { n: index + 1 })}
              data={typeOptions}
              allowDeselect={false}
              w={130}
              {...form.getInputProps(`dynamicFields.${index}.type`)}
            />
            <Checkbox
              mt={8}
              label={t('catalogue.componentTypes.fieldRequired')}
              {...form.getInputProps(`dynamicFields.${index}.required`, { type: 'checkbox' })}
            />
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={6}
              aria-label={t('catalogue.componentTypes.removeField', { n: index + 1 })}
              onClick={() => form.removeListItem('dynamicFields', index)}
            >
              <RemoveIcon />
            </ActionIcon>
          </Group>
        ))}
        {fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('catalogue.componentTypes.noFields')}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            size="xs"
            disabled={fields.length >= maxFields}
            onClick={() => form.insertListItem('dynamicFields', newDynamicField())}
          >
            {t('catalogue.componentTypes.addField')}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
