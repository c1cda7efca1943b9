import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { firmwareInputSchema } from '@aforo/contracts/firmwares';
import type { Firmware } from '@aforo/contracts/firmwares';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { firmwaresApi, modelLabel, useModelOptionsQuery } from '../api';

interface FirmwareFormValues {
  version: string;
  modelId: string | null;
}

export interface FirmwareFormModalProps {
  /** null = a new firmware. */
  firmware: Firmware | null;
  onClose: () => void;
}

/** Create or edit a firmware: version (e.g. 2.1.0) and model. */
export function FirmwareFormModal({ firmware, onClose }: FirmwareFormModalProps) {
  const { t } = useTranslation();
  const save = firmwaresApi.useSaveMutation();
  const models = useModelOptionsQuery();
  const form = useForm<FirmwareFormValues>({
    initialValues: { version: firmware?.version ?? '', modelId: firmware?.model.id ?? null },
    validate: schemaValidator<FirmwareFormValues>(firmwareInputSchema),
  });

  const handleSubmit = (values: FirmwareFormValues) => {
    save.mutate(
      { id: firmware?.id ?? null, body: firmwareInputSchema.parse(values) },
      {
        onSuccess: () => {
          showToast('success', t('catalogue.firmwares.saved'));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error, { FM1002: 'version', FM1004: 'version' })) {
            showToast('error', error.message);
          }
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={firmware ? t('catalogue.firmwares.edit') : t('catalogue.firmwares.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <Select
        label={t('catalogue.firmwares.model')}
        withAsterisk
        data-autofocus
        data={(models.data?.rows ?? []).map((model) => ({ value: model.id, label: modelLabel(model) }))}
        searchable
        nothingFoundMessage={t('common.noResults')}
        {...form.getInputProps('modelId')}
      />
      <TextInput
        label={t('catalogue.firmwares.version')}
        description={t('catalogue.firmwares.versionHint')}
        withAsterisk
        maxLength={40}
        {...form.getInputProps('version')}
      />
    </FormModal>
  );
}
