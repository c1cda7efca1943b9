import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { brandInputSchema } from '@aforo/contracts/brands';
import type { Brand } from '@aforo/contracts/brands';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { brandsApi } from '../api';

interface BrandFormValues {
  abbreviation: string;
  description: string;
}

export interface BrandFormModalProps {
  /** null = a new brand. */
  brand: Brand | null;
  onClose: () => void;
}

/** Create or edit a brand: abbreviation and description. */
export function BrandFormModal({ brand, onClose }: BrandFormModalProps) {
  const { t } = useTranslation();
  const save = brandsApi.useSaveMutation();
  const form = useForm<BrandFormValues>({
    initialValues: { abbreviation: brand?.abbreviation ?? '', description: brand?.description ?? '' },
    validate: schemaValidator<BrandFormValues>(brandInputSchema),
  });

  const handleSubmit = (values: BrandFormValues) => {
    save.mutate(
      { id: brand?.id ?? null, body: brandInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.brands.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { B1001: 'abbreviation', B1003: 'abbreviation' })) {
            showToast('error', error.message);
          }
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={brand ? t('catalogue.brands.edit') : t('catalogue.brands.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('catalogue.brands.abbreviation')}
        withAsterisk
        data-autofocus
        maxLength={20}
        {...form.getInputProps('abbreviation')}
      />
      <Textarea
        label={t('catalogue.brands.description')}
        autosize
        minRows={2}
        maxLength={200}
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
