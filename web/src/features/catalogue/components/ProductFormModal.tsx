import { MultiSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { productInputSchema } from '@aforo/contracts/products';
import type { Product } from '@aforo/contracts/products';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { modelLabel, productsApi, useModelOptionsQuery } from '../api';

interface ProductFormValues {
  code: string;
  name: string;
  modelIds: string[];
}

export interface ProductFormModalProps {
  /** null = a new product. */
  product: Product | null;
  onClose: () => void;
}

/** Create or edit a product: code (upper case, sent by devices), name and the models it uses. */
export function ProductFormModal({ product, onClose }: ProductFormModalProps) {
  const { t } = useTranslation();
  const save = productsApi.useSaveMutation();
  const models = useModelOptionsQuery();
  const form = useForm<ProductFormValues>({
    initialValues: {
      code: product?.code ?? '',
      name: product?.name ?? '',
      modelIds: product?.models.map((model) => model.id) ?? [],
    },
    validate: schemaValidator<ProductFormValues>(productInputSchema),
  });

  const handleSubmit = (values: ProductFormValues) => {
    save.mutate(
      { id: product?.id ?? null, body: productInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.products.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { PR1001: 'code', PR1004: 'code' })) {
            showToast('error', error.message);
          }
        },
      },
    );
  };

  const codeProps = form.getInputProps('code');
  return (
    <FormModal
      opened
      title={product ? t('catalogue.products.edit') : t('catalogue.products.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('catalogue.products.code')}
        description={t('catalogue.products.codeHint')}
        withAsterisk
        data-autofocus
        maxLength={20}
        {...codeProps}
        onChange={(event) => form.setFieldValue('code', event.currentTarget.value.toUpperCase())}
      />
      <TextInput
        label={t('catalogue.products.name')}
        withAsterisk
        maxLength={100}
        {...form.getInputProps('name')}
      />
      <MultiSelect
        label={t('catalogue.products.models')}
        placeholder={t('catalogue.products.modelsPlaceholder')}
        data={(models.data?.rows ?? []).map((model) => ({ value: model.id, label: modelLabel(model) }))}
        searchable
        clearable
        nothingFoundMessage={t('common.noResults')}
        {...form.getInputProps('modelIds')}
      />
    </FormModal>
  );
}
