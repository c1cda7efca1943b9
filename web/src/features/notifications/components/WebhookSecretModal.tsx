import { Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** After a save: the webhook's signing key, with a copy button (the receiver checks X-Aforo-Signature). */
export function WebhookSecretModal({ secret, onClose }: { secret: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={t('notifications.secret.title')} centered>
      <Stack gap="sm">
        <Text size="sm">{t('notifications.secret.hint')}</Text>
        <Code block data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'teal' : 'blue'} onClick={copy}>
                {copied ? t('notifications.secret.copied') : t('notifications.secret.copy')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose}>{t('common.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
