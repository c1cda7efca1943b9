import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Point } from '@aforo/contracts/points';
import { useFormat } from '../../../lib/format';
import { useTimeFormat } from '../../../lib/time';
import { LabeledValue } from '../../../ui/LabeledValue';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import {
  DeviceDialogs,
  DeviceStateBadge,
  InstallWizard,
  StateHistoryTable,
  useDeviceActions,
  useDeviceQuery,
} from '../../devices';
import type { DeviceDialog } from '../../devices';
import { useCanEditPoints } from '../use-point-actions';

/** The device installed at a point, its actions and its state history; or the install wizard. */
export function PointDeviceCard({ point }: { point: Point }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const format = useFormat();
  const device = useDeviceQuery(point.device?.id ?? null);
  const [dialog, setDialog] = useState<DeviceDialog>(null);
  const [installing, setInstalling] = useState(false);
  const canEdit = useCanEditPoints();
  const actionsOf = useDeviceActions({
    onInstall: (d) => setDialog({ kind: 'install', device: d }),
    onKey: (d, key) => setDialog({ kind: 'key', device: d, key }),
    onChangeState: (d) => setDialog({ kind: 'change-state', device: d }),
  });
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h5">
            {t('points.device')}
          </Title>
          {device.data && (
            <RowActionsMenu
              label={t('common.actionsFor', { name: device.data.serial })}
              actions={actionsOf(device.data)}
            />
          )}
        </Group>
        {!point.device ? (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('points.noDevice')}
            </Text>
            {canEdit && !point.deletedAt && (
              <Button size="xs" variant="light" onClick={() => setInstalling(true)}>
                {t('devices.wizard.open')}
              </Button>
            )}
          </Group>
        ) : (
          <>
            <Group gap="xl">
              <LabeledValue label={t('devices.fields.serial')}>{point.device.serial}</LabeledValue>
              <LabeledValue label={t('devices.fields.state')}>
                <DeviceStateBadge state={device.data?.state ?? (point.device.state as never)} />
              </LabeledValue>
              <LabeledValue label={t('devices.fields.model')}>{device.data?.model?.name ?? '—'}</LabeledValue>
              <LabeledValue label={t('devices.fields.lastSeen')}>
                {device.data?.lastSeenAt ? time.dateTime(device.data.lastSeenAt) : t('devices.never')}
              </LabeledValue>
              <LabeledValue label={t('devices.fields.lastBattery')}>
                {format.measure(device.data?.lastBattery, 'V', 0.01)}
              </LabeledValue>
              <LabeledValue label={t('devices.fields.lastRssi')}>
                {format.measure(device.data?.lastRssi, 'dBm')}
              </LabeledValue>
            </Group>
            <Text size="sm" fw={500}>
              {t('devices.history.title')}
            </Text>
            <StateHistoryTable deviceId={point.device.id} />
          </>
        )}
      </Stack>
      <DeviceDialogs dialog={dialog} onClose={() => setDialog(null)} />
      {installing && <InstallWizard pointId={point.id} onClose={() => setInstalling(false)} />}
    </Card>
  );
}
