import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { networkInputSchema, networkTypes } from '@aforo/contracts/networks';
import type { Network } from '@aforo/contracts/networks';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { networksApi } from '../api';

interface NetworkFormValues {
  name: string;
  type: string | null;
}

export interface NetworkFormModalProps {
  /** null = a new network. */
  network: Network | null;
  onClose: () => void;
}

/** Create or edit a network: name and technology. */
export function NetworkFormModal({ network, onClose }: NetworkFormModalProps) {
  const { t } = useTranslation();
  const save = networksApi.useSaveMutation();
  const form = useForm<NetworkFormValues>({
    initialValues: { name: network?.name ?? '', type: network?.type ?? null },
    validate: schemaValidator<NetworkFormValues>(networkInputSchema),
  });

  const handleSubmit = (values: NetworkFormValues) => {
    save.mutate(
      { id: network?.id ?? null, body: networkInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.networks.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { NE1001: 'name' })) showToast('error', error.message);
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={network ? t('catalogue.networks.edit') : t('catalogue.networks.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <TextInput
        label={t('catalogue.networks.name')}
        withAsterisk
        data-autofocus
        maxLength={60}
        {...form.getInputProps('name')}
      />
      <Select
        label={t('catalogue.networks.type')}
        withAsterisk
        data={[...networkTypes]}
        allowDeselect={false}
        {...form.getInputProps('type')}
      />
    </FormModal>
  );
}
