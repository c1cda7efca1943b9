import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A device's key (titled by its serial), or another secret with its own title and hint. */
export type DeviceKeyModalProps = { deviceKey: string; onClose: () => void } & (
  | { serial: string; title?: undefined; hint?: undefined }
  | { serial?: undefined; title: string; hint: string }
);

/** A new key (a device's, or a product's provisioning key), shown once with a copy button. */
export function DeviceKeyModal({ serial, title, hint, deviceKey, onClose }: DeviceKeyModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title ?? t('devices.key.title', { serial })} centered size="lg">
      <Stack gap="md">
        <Alert color="orange" variant="light">
          {t('devices.key.warning')}
        </Alert>
        <Code block data-testid="device-key" style={{ wordBreak: 'break-all' }}>
          {deviceKey}
        </Code>
        <Group justify="space-between">
          <CopyButton value={deviceKey}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                {copied ? t('devices.key.copied') : t('devices.key.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
        <Text size="xs" c="dimmed">
          {hint ?? t('devices.key.hint')}
        </Text>
      </Stack>
    </Modal>
  );
}
