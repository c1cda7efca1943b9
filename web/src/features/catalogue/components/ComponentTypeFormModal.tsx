import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { componentMagnitudes, measureTypes } from '@aforo/contracts/component-types';
import type { ComponentType } from '@aforo/contracts/component-types';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import {
  componentTypeFormValues,
  componentTypeInputOf,
  validateComponentTypeForm,
} from '../component-type-form';
import type { ComponentTypeFormValues } from '../component-type-form';
import { componentTypesApi } from '../components-api';
import { useComponentTypeCompanyOptions } from '../use-component-type-companies';
import { DynamicFieldsEditor } from './DynamicFieldsEditor';

export interface ComponentTypeFormModalProps {
  /** null = a new component type. */
  type: ComponentType | null;
  onClose: () => void;
}

/** Create or edit a component type: name, magnitude, measure type, company, dynamic fields and enabled. */
export function ComponentTypeFormModal({ type, onClose }: ComponentTypeFormModalProps) {
  const { t } = useTranslation();
  const save = componentTypesApi.useSaveMutation();
  const companies = useComponentTypeCompanyOptions(type);
  const form = useForm<ComponentTypeFormValues>({
    initialValues: componentTypeFormValues(type),
    validate: validateComponentTypeForm,
  });

  const handleSubmit = (values: ComponentTypeFormValues) => {
    save.mutate(
      { id: type?.id ?? null, body: componentTypeInputOf(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.componentTypes.saved'));
          onClose();
        },
        onError: (error) => {
          const fields = { SET1004: 'name', SET1005: 'enabled', SET1006: 'enabled', SET1010: 'companyId' };
          if (!applyServerError(form, error, fields)) showToast('error', error.message);
        },
      },
    );
  };

  return (
    <FormModal
      opened
      size="xl"
      title={type ? t('catalogue.componentTypes.edit') : t('catalogue.componentTypes.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('catalogue.componentTypes.name')}
        withAsterisk
        data-autofocus
        maxLength={80}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('catalogue.componentTypes.magnitude')}
          withAsterisk
          data={componentMagnitudes.map((key) => ({ value: key, label: t(`common.unitGroups.${key}`) }))}
          {...form.getInputProps('magnitude')}
        />
        <Select
          label={t('catalogue.componentTypes.measureType')}
          withAsterisk
          data={measureTypes.map((key) => ({
            value: key,
            label: t(`catalogue.componentTypes.measureTypes.${key}`),
          }))}
          {...form.getInputProps('measureType')}
        />
        <Select
          label={t('catalogue.componentTypes.company')}
          withAsterisk
          data={companies}
          {...form.getInputProps('companyId')}
        />
      </SimpleGrid>
      <DynamicFieldsEditor form={form} />
      <Switch
        label={t('catalogue.componentTypes.isEnabled')}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
