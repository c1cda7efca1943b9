import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Component } from '@aforo/contracts/components';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { componentFormValues, componentInputOf, validateComponentForm } from '../component-form';
import type { ComponentFormValues } from '../component-form';
import { componentsApi, useComponentTypeOptionsQuery } from '../components-api';
import { ComponentValueInput } from './ComponentValueInput';

export interface ComponentFormModalProps {
  /** null = a new component. */
  component: Component | null;
  onClose: () => void;
}

/** Create or edit an inactive component: type (enabled ones), serial and the type's fields. */
export function ComponentFormModal({ component, onClose }: ComponentFormModalProps) {
  const { t } = useTranslation();
  const save = componentsApi.useSaveMutation();
  const types = useComponentTypeOptionsQuery();
  const typeOf = (id: string | null) => types.data?.rows.find((type) => type.id === id);
  const form = useForm<ComponentFormValues>({
    initialValues: componentFormValues(component),
    validate: (values) => validateComponentForm(values, typeOf(values.typeId)),
  });
  const type = typeOf(form.getValues().typeId);

  const handleSubmit = (values: ComponentFormValues) => {
    save.mutate(
      { id: component?.id ?? null, body: componentInputOf(values, typeOf(values.typeId)) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.components.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { SEQ1001: 'serial' })) showToast('error', error.message);
        },
      },
    );
  };

  const typeOptions = (types.data?.rows ?? [])
    .filter((option) => option.enabled || option.id === component?.type.id)
    .map((option) => ({ value: option.id, label: option.name }));
  return (
    <FormModal
      opened
      title={component ? t('catalogue.components.edit') : t('catalogue.components.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <Select
        label={t('catalogue.components.type')}
        withAsterisk
        data-autofocus
        data={typeOptions}
        searchable
        nothingFoundMessage={t('common.noResults')}
        {...form.getInputProps('typeId')}
      />
      <TextInput
        label={t('catalogue.components.serial')}
        withAsterisk
        maxLength={60}
        {...form.getInputProps('serial')}
      />
      {type?.dynamicFields.map((field) => (
        <ComponentValueInput key={field.key} field={field} form={form} />
      ))}
    </FormModal>
  );
}
