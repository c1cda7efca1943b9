import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Model } from '@aforo/contracts/models';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { modelsApi, useBrandOptionsQuery } from '../api';
import { modelFormValues, modelInputOf, validateModelForm } from '../model-form';
import type { ModelFormValues } from '../model-form';
import { PortsEditor } from './PortsEditor';

export interface ModelFormModalProps {
  /** null = a new model. */
  model: Model | null;
  onClose: () => void;
}

/** Create or edit a model: brand, name and its ports. */
export function ModelFormModal({ model, onClose }: ModelFormModalProps) {
  const { t } = useTranslation();
  const save = modelsApi.useSaveMutation();
  const brands = useBrandOptionsQuery();
  const form = useForm<ModelFormValues>({
    initialValues: modelFormValues(model),
    validate: validateModelForm,
  });

  const handleSubmit = (values: ModelFormValues) => {
    save.mutate(
      { id: model?.id ?? null, body: modelInputOf(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.models.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { MO1001: 'name' })) showToast('error', error.message);
        },
      },
    );
  };

  return (
    <FormModal
      opened
      size="xl"
      title={model ? t('catalogue.models.edit') : t('catalogue.models.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <Select
        label={t('catalogue.models.brand')}
        withAsterisk
        data-autofocus
        data={(brands.data?.rows ?? []).map((brand) => ({ value: brand.id, label: brand.abbreviation }))}
        searchable
        nothingFoundMessage={t('common.noResults')}
        {...form.getInputProps('brandId')}
      />
      <TextInput
        label={t('catalogue.models.name')}
        withAsterisk
        maxLength={60}
        {...form.getInputProps('name')}
      />
      <PortsEditor form={form} />
    </FormModal>
  );
}
