import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { supportEmail } from '../lib/contact';

export function SupportModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('shell.supportTitle')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('shell.supportText')}</Text>
        <Text size="sm" c="dimmed">
          {t('shell.supportEmailLabel')}
        </Text>
        <Anchor href={`mailto:${supportEmail}`} fw={600}>
          {supportEmail}
        </Anchor>
      </Stack>
    </Modal>
  );
}
