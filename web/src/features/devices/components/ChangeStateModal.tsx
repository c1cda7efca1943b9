import { Alert, Select, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { changeStateTargets } from '@aforo/contracts/device-states';
import type { DeviceState } from '@aforo/contracts/device-states';
import { deviceChangeStateSchema } from '@aforo/contracts/devices';
import type { Device } from '@aforo/contracts/devices';
import { applyServerError, schemaValidator } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useChangeDeviceStateMutation } from '../api';
import { deviceStateKey } from '../device-actions';

export interface ChangeStateModalProps {
  device: Device;
  onClose: () => void;
}

interface Values {
  state: DeviceState | null;
  reason: string;
}

/** ADMIN's "change state" (docs/DEVICES.md): a state the transition table allows from the current one, and why. */
export function ChangeStateModal({ device, onClose }: ChangeStateModalProps) {
  const { t } = useTranslation();
  const change = useChangeDeviceStateMutation();
  const form = useForm<Values>({
    initialValues: { state: null, reason: '' },
    validate: schemaValidator<Values>(deviceChangeStateSchema),
  });
  const options = changeStateTargets(device.state).map((state) => ({
    value: state,
    label: t(deviceStateKey(state)),
  }));

  const handleSubmit = (values: Values) => {
    const parsed = deviceChangeStateSchema.parse(values);
    change.mutate(
      { id: device.id, body: parsed },
      {
        onSuccess: (after) => {
          showToast(
            'success',
            t('devices.done.changeState', { serial: device.serial, state: t(deviceStateKey(after.state)) }),
          );
          onClose();
        },
        // refusals (409 with their EQ code) come translated; field errors go to their fields
        onError: (error) => {
          if (!applyServerError(form, error)) showToast('error', error.message);
        },
      },
    );
  };

  return (
    <FormModal
      opened
      title={t('devices.changeState.title', { serial: device.serial })}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={change.isPending}
      submitLabel={t('devices.actions.changeState')}
    >
      <Text size="sm">{t('devices.changeState.current', { state: t(deviceStateKey(device.state)) })}</Text>
      <Alert color="blue" variant="light">
        {t('devices.changeState.hint')}
      </Alert>
      <Select
        label={t('devices.changeState.state')}
        withAsterisk
        data={options}
        {...form.getInputProps('state')}
      />
      <Textarea
        label={t('devices.changeState.reason')}
        description={t('devices.changeState.reasonHint')}
        withAsterisk
        minRows={2}
        maxLength={500}
        {...form.getInputProps('reason')}
      />
    </FormModal>
  );
}
