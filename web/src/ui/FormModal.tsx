import { Button, Group, Modal, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FormModalProps {
  opened: boolean;
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  submitLabel?: string;
  size?: string;
  children: ReactNode;
}

/** A create/edit form in a modal: fields, then cancel and save; it can't be dismissed while saving. */
export function FormModal({
  opened,
  title,
  onClose,
  onSubmit,
  submitting,
  submitLabel,
  size = 'md',
  children,
}: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => !submitting && onClose()}
      title={title}
      size={size}
      centered
      closeOnClickOutside={!submitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          {children}
          <Group justify="flex-end" mt="xs">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={submitting}>
              {submitLabel ?? t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
