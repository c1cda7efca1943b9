import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Device } from '@aforo/contracts/devices';
import { StateHistoryTable } from './StateHistoryTable';

/** The state history of one device, in a modal. */
export function DeviceHistoryModal({ device, onClose }: { device: Device; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      centered
      title={t('devices.history.titleOf', { serial: device.serial })}
    >
      <StateHistoryTable deviceId={device.id} />
    </Modal>
  );
}
