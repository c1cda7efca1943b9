import { NumberInput, Select, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { deviceLocations } from '@aforo/contracts/device-states';
import type { Device } from '@aforo/contracts/devices';
import { deviceInputSchema } from '@aforo/contracts/devices';
import { applyServerError } from '../../../lib/form-validation';
import { DateTimeInput } from '../../../ui/DateTimeInput';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import {
  useFirmwareOptionsQuery,
  useModelOptionsQuery,
  useNetworkOptionsQuery,
  useProductOptionsQuery,
} from '../../catalogue';
import { useSaveDeviceMutation } from '../api';
import { deviceLocationKey } from '../device-actions';
import { deviceFormValues, toDeviceInput, validateDeviceForm } from '../device-form';
import type { DeviceFormValues } from '../device-form';

export interface DeviceFormModalProps {
  /** null = a new device (it enters the stock: Available, no company). */
  device: Device | null;
  onClose: () => void;
}

export function DeviceFormModal({ device, onClose }: DeviceFormModalProps) {
  const { t } = useTranslation();
  const save = useSaveDeviceMutation();
  const form = useForm<DeviceFormValues>({
    initialValues: deviceFormValues(device),
    validate: validateDeviceForm,
  });
  const models = useModelOptionsQuery();
  const products = useProductOptionsQuery();
  const networks = useNetworkOptionsQuery();
  const firmwares = useFirmwareOptionsQuery(form.values.modelId);

  const handleSubmit = (values: DeviceFormValues) =>
    save.mutate(
      { id: device?.id ?? null, body: deviceInputSchema.parse(toDeviceInput(values)) },
      {
        onSuccess: () => {
          showToast('success', t('devices.saved'));
          onClose();
        },
        onError: (error) => {
          if (
            !applyServerError(form, error, { EQ1001: 'simNumber', EQ1016: 'firmwareId', SEQ1001: 'serial' })
          )
            showToast('error', error.message);
        },
      },
    );

  // a product lists the models it is made with: offer only those once a product is chosen
  const product = products.data?.rows.find((p) => p.id === form.values.productId);
  const allowedModels =
    product && product.models.length > 0 ? new Set(product.models.map((m) => m.id)) : null;
  const modelInput = form.getInputProps('modelId');
  return (
    <FormModal
      opened
      size="xl"
      title={device ? t('devices.edit', { serial: device.serial }) : t('devices.new')}
      onClose={onClose}
      onSubmit={form.onSubmit(handleSubmit)}
      submitting={save.isPending}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('devices.fields.serial')}
          withAsterisk
          data-autofocus
          {...form.getInputProps('serial')}
        />
        <DateTimeInput
          withTime={false}
          clearable
          label={t('devices.fields.manufactured')}
          {...form.getInputProps('manufactured')}
        />
        <Select
          label={t('devices.fields.model')}
          withAsterisk
          searchable
          data={(models.data?.rows ?? [])
            .filter((m) => !allowedModels || allowedModels.has(m.id))
            .map((m) => ({
              value: m.id,
              label: `${m.brand.abbreviation} ${m.name}`,
            }))}
          {...modelInput}
          onChange={(value) => {
            form.setFieldValue('modelId', value);
            form.setFieldValue('firmwareId', null);
          }}
        />
        <Select
          label={t('devices.fields.product')}
          withAsterisk
          searchable
          data={(products.data?.rows ?? []).map((p) => ({ value: p.id, label: `${p.code} — ${p.name}` }))}
          {...form.getInputProps('productId')}
          onChange={(value) => {
            form.setFieldValue('productId', value);
            const models = products.data?.rows.find((p) => p.id === value)?.models ?? [];
            if (models.length > 0 && !models.some((m) => m.id === form.values.modelId)) {
              form.setFieldValue('modelId', null);
              form.setFieldValue('firmwareId', null);
            }
          }}
        />
        <Select
          label={t('devices.fields.firmware')}
          clearable
          disabled={!form.values.modelId}
          data={(firmwares.data?.rows ?? []).map((f) => ({ value: f.id, label: f.version }))}
          {...form.getInputProps('firmwareId')}
        />
        <Select
          label={t('devices.fields.network')}
          clearable
          data={(networks.data?.rows ?? []).map((n) => ({ value: n.id, label: `${n.name} (${n.type})` }))}
          {...form.getInputProps('networkId')}
        />
        <TextInput label={t('devices.fields.simNumber')} {...form.getInputProps('simNumber')} />
        <TextInput
          label={t('devices.fields.serialExternalSensor')}
          {...form.getInputProps('serialExternalSensor')}
        />
        <NumberInput
          label={t('devices.fields.batteryQuantity')}
          min={0}
          max={100}
          allowDecimal={false}
          {...form.getInputProps('batteryQuantity')}
        />
        <NumberInput
          label={t('devices.fields.batteryMaxLoad')}
          min={0}
          {...form.getInputProps('batteryMaxLoad')}
        />
        <Select
          label={t('devices.fields.location')}
          allowDeselect={false}
          data={deviceLocations.map((location) => ({
            value: location,
            label: t(deviceLocationKey(location)),
          }))}
          {...form.getInputProps('location')}
        />
      </SimpleGrid>
      <Textarea
        label={t('devices.fields.technicalNotes')}
        rows={3}
        {...form.getInputProps('technicalNotes')}
      />
    </FormModal>
  );
}
