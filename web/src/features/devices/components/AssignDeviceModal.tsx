import { Select } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Device } from '@aforo/contracts/devices';
import { fieldMessage } from '@aforo/contracts/errors';
import { applyServerError } from '../../../lib/form-validation';
import { sessionStore } from '../../../lib/session';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useCompanyOptionsQuery } from '../../accounts';
import { useDeviceActionMutation } from '../api';

export interface AssignDeviceModalProps {
  device: Device;
  onClose: () => void;
}

/** Assign an Available device to a company (it becomes Inactive, in the Store). */
export function AssignDeviceModal({ device, onClose }: AssignDeviceModalProps) {
  const { t } = useTranslation();
  const companies = useCompanyOptionsQuery(true);
  const assign = useDeviceActionMutation();
  const form = useForm<{ companyId: string | null }>({
    initialValues: { companyId: null },
    validate: {
      companyId: (value) => (value ? null : fieldMessage('selectRequired', sessionStore.getState().language)),
    },
  });
  const options = (companies.data?.rows ?? [])
    .filter((company) => !company.isProvider)
    .map((company) => ({ value: company.id, label: company.businessName }));

  const handleSubmit = ({ companyId }: { companyId: string | null }) =>
    assign.mutate(
      { id: device.id, action: 'assign', body: { companyId: companyId ?? undefined } },
      {
        onSuccess: () => {
          showToast('success', t('devices.done.assign', { serial: device.serial }));
          onClose();
        },
        onError: (error) => {
          if (!applyServerError(form, error)) showToast('error', error.message);
        },
      },
    );

  return (
    <FormModal
      opened
      title={t('devices.assign.title', { serial: device.serial })}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={assign.isPending}
      submitLabel={t('devices.actions.assign')}
    >
      <Select
        label={t('devices.assign.company')}
        description={t('devices.assign.hint')}
        withAsterisk
        searchable
        data={options}
        {...form.getInputProps('companyId')}
      />
    </FormModal>
  );
}
