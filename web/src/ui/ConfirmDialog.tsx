import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel?: string;
  color?: string;
  processing: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Title, message, a confirm button that shows the processing label while busy, and cancel. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  color,
  processing,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      title={title}
      centered
      closeOnClickOutside={!processing}
      closeOnEscape={!processing}
      withCloseButton={!processing}
    >
      <Text size="sm">{message}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel} disabled={processing}>
          {t('common.cancel')}
        </Button>
        <Button
          color={color}
          onClick={onConfirm}
          loading={processing}
          loaderProps={{ type: 'dots' }}
          data-processing={processing}
        >
          {processing ? t('common.processing') : (confirmLabel ?? t('common.confirm'))}
        </Button>
      </Group>
    </Modal>
  );
}
