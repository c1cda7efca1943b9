import { Alert, Button, Code, Group, Modal, Select, Stack, Stepper, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Device } from '@aforo/contracts/devices';
import { LabeledValue } from '../../../ui/LabeledValue';
import { showToast } from '../../../ui/toasts';
import { usePointOptionsQuery } from '../../points';
import { useDevicesQuery, useInstallDeviceMutation } from '../api';
import { deviceStateKey } from '../device-actions';
import { useSecondsLabel } from '../use-seconds-label';

export interface InstallWizardProps {
  /** A device chosen from its menu: the wizard starts at the point. */
  device?: Device | null;
  /** A point chosen from its page: the wizard preselects it. */
  pointId?: string | null;
  onClose: () => void;
}

/** Install wizard (DESIGN.md §5): an Inactive or Repaired device, then a point and its parameters, then confirm. */
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
  const install = useInstallDeviceMutation();

  const candidates = [...(inactive.data?.rows ?? []), ...(repaired.data?.rows ?? [])];
  const device = candidates.find((d) => d.id === deviceId) ?? presetDevice;
  const point = points.data?.rows.find((p) => p.id === pointId) ?? null;
  const ports = point ? Object.entries(point.parameters) : [];

  const handleInstall = () => {
    if (!device || !point) return;
    install.mutate(
      { id: device.id, pointId: point.id },
      {
        onSuccess: () => {
          showToast('success', t('devices.done.install', { serial: device.serial, point: point.name }));
          onClose();
        },
        onError: (error) => showToast('error', error.message),
      },
    );
  };

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
              <Stack gap="xs">
                <Group gap="xl">
                  <LabeledValue label={t('points.fields.measureTime')}>
                    {secondsLabel(point.measureTime)}
                  </LabeledValue>
                  <LabeledValue label={t('points.fields.transmissionTime')}>
                    {secondsLabel(point.transmissionTime)}
                  </LabeledValue>
                  <LabeledValue label={t('points.fields.unit')}>{point.unit}</LabeledValue>
                </Group>
                <Text size="sm" fw={500}>
                  {t('devices.wizard.parameters')}
                </Text>
                {ports.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('devices.wizard.noParameters')}
                  </Text>
                ) : (
                  <Code block>{JSON.stringify(point.parameters, null, 2)}</Code>
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
          <Button onClick={() => setStep(step + 1)} disabled={step === 0 ? !device : !point}>
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
