import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measureTimeOptions, transmissionTimeOptions } from '@aforo/contracts/constants';
import type { Device } from '@aforo/contracts/devices';
import { maxMeasuresForAvg } from '@aforo/contracts/point-parameters';
import { usePointOptionsQuery } from '../../../lib/points-api';
import { PortParametersFields } from '../../../ui/PortParametersFields';
import type { PortFieldsForm } from '../../../ui/PortParametersFields';
import { showToast } from '../../../ui/toasts';
import { useModelOptionsQuery } from '../../catalogue';
import { useDevicesQuery, useInstallDeviceMutation } from '../api';
import { deviceStateKey } from '../device-actions';
import {
  configurationFieldErrors,
  configurationValues,
  toConfiguration,
  validateConfiguration,
  type InstallConfigurationValues,
} from '../install-configuration';
import { useSecondsLabel } from '../use-seconds-label';

const emptyConfiguration: InstallConfigurationValues = {
  measureTime: '900',
  transmissionTime: '3600',
  measuresForAvg: 1,
  parameters: {},
};

export interface InstallWizardProps {
  /** A device chosen from its menu: the wizard starts at the point. */
  device?: Device | null;
  /** A point chosen from its page: the wizard preselects it. */
  pointId?: string | null;
  onClose: () => void;
}

/**
 * Install wizard (docs/WEB.md, docs/DEVICES.md): an Inactive or Repaired device; then a point and its
 * configuration (times and a form per port of the device's model, prefilled from the point), saved
 * with the install; then confirm.
 */
export function InstallWizard({
  device: presetDevice = null,
  pointId: presetPoint = null,
  onClose,
}: InstallWizardProps) {
  const { t } = useTranslation();
  const secondsLabel = useSecondsLabel();
  const [step, setStep] = useState(presetDevice ? 1 : 0);
  const [deviceId, setDeviceId] = useState<string | null>(presetDevice?.id ?? null);
  const [pointId, setPointId] = useState<string | null>(presetPoint);
  const inactive = useDevicesQuery({ length: -1, state: 'Inactive', order: 'serial', dir: 'ASC' });
  const repaired = useDevicesQuery({ length: -1, state: 'Repaired', order: 'serial', dir: 'ASC' });
  const points = usePointOptionsQuery();
  const models = useModelOptionsQuery();
  const install = useInstallDeviceMutation();
  const form = useForm<InstallConfigurationValues>({
    initialValues: emptyConfiguration,
    validate: validateConfiguration,
  });

  const candidates = [...(inactive.data?.rows ?? []), ...(repaired.data?.rows ?? [])];
  const device = candidates.find((d) => d.id === deviceId) ?? presetDevice;
  const point = points.data?.rows.find((p) => p.id === pointId) ?? null;
  const model = models.data?.rows.find((m) => m.id === device?.model?.id) ?? null;
  const ports = model?.ports ?? [];
  const portKeys = ports.map((p) => p.key).join(',');

  // a new point or device: the form starts again from that point's configuration
  useEffect(() => {
    if (!point) return;
    form.setValues(configurationValues(point, ports));
    form.resetDirty();
    form.clearErrors();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by the point and the model's ports
  }, [point?.id, portKeys]);

  const next = () => {
    if (step === 1 && model && form.validate().hasErrors) return;
    setStep(step + 1);
  };

  const handleInstall = () => {
    if (!device || !point) return;
    install.mutate(
      // without the model's ports (no model) the point's configuration is left as it is
      {
        id: device.id,
        pointId: point.id,
        configuration: model ? toConfiguration(form.getValues()) : undefined,
      },
      {
        onSuccess: () => {
          showToast('success', t('devices.done.install', { serial: device.serial, point: point.name }));
          onClose();
        },
        onError: (error) => {
          const fields = configurationFieldErrors(error);
          if (fields) {
            form.setErrors(fields);
            setStep(1);
          } else showToast('error', error.message);
        },
      },
    );
  };
  const values = form.getValues();
  const secondsOptions = (options: readonly number[]) =>
    options.map((seconds) => ({ value: String(seconds), label: secondsLabel(seconds) }));

  return (
    <Modal
      opened
      size="xl"
      centered
      title={t('devices.wizard.title')}
      onClose={() => !install.isPending && onClose()}
      closeOnClickOutside={false}
    >
      <Stepper active={step} onStepClick={(next) => next < step && setStep(next)} size="sm">
        <Stepper.Step label={t('devices.wizard.deviceStep')} description={device?.serial}>
          <Stack gap="sm" mt="md">
            <Select
              label={t('devices.wizard.device')}
              description={t('devices.wizard.deviceHint')}
              searchable
              nothingFoundMessage={t('devices.wizard.noDevices')}
              value={deviceId}
              onChange={setDeviceId}
              data={candidates.map((d) => ({
                value: d.id,
                label: `${d.serial} · ${t(deviceStateKey(d.state))}${d.model ? ` · ${d.model.name}` : ''}`,
              }))}
            />
            {!inactive.isPending && !repaired.isPending && candidates.length === 0 && (
              <Alert color="gray" variant="light">
                {t('devices.wizard.noDevices')}
              </Alert>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('devices.wizard.pointStep')} description={point?.name}>
          <Stack gap="sm" mt="md">
            <Select
              label={t('devices.wizard.point')}
              searchable
              nothingFoundMessage={t('devices.wizard.noPoints')}
              value={pointId}
              onChange={setPointId}
              data={(points.data?.rows ?? []).map((p) => ({
                value: p.id,
                label: p.device
                  ? t('devices.wizard.pointTaken', { name: p.name, serial: p.device.serial })
                  : p.name,
                disabled: p.device !== null && p.device.id !== device?.id,
              }))}
            />
            {points.isError && <Alert color="red">{points.error.message}</Alert>}
            {point && (
              <Stack gap="sm">
                <Text size="sm" fw={500}>
                  {t('devices.wizard.configuration')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('devices.wizard.configurationHint')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                  <Select
                    label={t('points.fields.measureTime')}
                    allowDeselect={false}
                    data={secondsOptions(measureTimeOptions)}
                    {...form.getInputProps('measureTime')}
                  />
                  <Select
                    label={t('points.fields.transmissionTime')}
                    allowDeselect={false}
                    data={secondsOptions(transmissionTimeOptions)}
                    {...form.getInputProps('transmissionTime')}
                  />
                  <NumberInput
                    label={t('points.fields.measuresForAvg')}
                    min={1}
                    max={maxMeasuresForAvg}
                    allowDecimal={false}
                    {...form.getInputProps('measuresForAvg')}
                  />
                </SimpleGrid>
                {model === null
                  ? !models.isPending && (
                      <Text size="sm" c="dimmed">
                        {t('points.port.noPorts')}
                      </Text>
                    )
                  : ports.map((port) =>
                      values.parameters[port.key] ? (
                        <PortParametersFields
                          key={port.key}
                          port={port}
                          values={values.parameters[port.key]!}
                          form={form as unknown as PortFieldsForm}
                          path={`parameters.${port.key}`}
                          unit={point.unit}
                        />
                      ) : null,
                    )}
              </Stack>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('devices.wizard.confirmStep')}>
          <Stack gap="sm" mt="md">
            <Text>
              {t('devices.wizard.summary', { serial: device?.serial ?? '', point: point?.name ?? '' })}
            </Text>
            <Alert color="blue" variant="light">
              {t('devices.wizard.confirmHint')}
            </Alert>
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between" mt="lg">
        <Button
          variant="default"
          onClick={step === 0 ? onClose : () => setStep(step - 1)}
          disabled={install.isPending}
        >
          {step === 0 ? t('common.cancel') : t('devices.wizard.back')}
        </Button>
        {step < 2 ? (
          <Button onClick={next} disabled={step === 0 ? !device : !point}>
            {t('devices.wizard.next')}
          </Button>
        ) : (
          <Button onClick={handleInstall} loading={install.isPending}>
            {t('devices.actions.install')}
          </Button>
        )}
      </Group>
    </Modal>
  );
}
