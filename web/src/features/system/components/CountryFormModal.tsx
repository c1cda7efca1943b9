import { TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { countryInputSchema } from '@aforo/contracts/countries';
import type { Country, CountryInput } from '@aforo/contracts/countries';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSaveCountryMutation } from '../api';

export interface CountryFormModalProps {
  /** null = a new country. */
  country: Country | null;
  onClose: () => void;
}

/** Create or edit a country: name and ISO 3166-1 alpha-2 code. */
export function CountryFormModal({ country, onClose }: CountryFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveCountryMutation();
  const form = useForm<CountryInput>({
    initialValues: { name: country?.name ?? '', code: country?.code ?? '' },
    validate: schemaValidator<CountryInput>(countryInputSchema),
  });

  const handleSubmit = (values: CountryInput) => {
    save.mutate(
      { id: country?.id ?? null, body: countryInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('system.countries.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { CU1001: 'name', CU1003: 'code', CU1004: 'code' })) {
            showToast('error', error.message);
          }
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={country ? t('system.countries.edit') : t('system.countries.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('system.countries.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('system.countries.code')}
        description={t('system.countries.codeHint')}
        withAsterisk
        maxLength={2}
        w={160}
        styles={{ input: { textTransform: 'uppercase' } }}
        {...form.getInputProps('code')}
      />
    </FormModal>
  );
}
