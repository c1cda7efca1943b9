import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CreatedApiToken } from '@aforo/contracts/api-tokens';
import { curlExample } from '../token-form';
import { CopyAction } from './CopyAction';

/**
 * After a token is created: its secret, the only time the server returns it, with a copy button, the
 * warning that it will not be shown again and a curl call to try it. Closed only by its buttons.
 */
export function TokenSecretModal({ token, onClose }: { token: CreatedApiToken; onClose: () => void }) {
  const { t } = useTranslation();
  const example = curlExample(token.secret, window.location.origin);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('apiTokens.secret.title')}
      size="lg"
      centered
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack gap="sm">
        <Alert color="orange" variant="light" title={t('apiTokens.secret.warningTitle')} role="alert">
          {t('apiTokens.secret.warning')}
        </Alert>
        <Text size="sm">{t('apiTokens.secret.hint', { prefix: token.prefix })}</Text>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            {t('apiTokens.secret.label')}
          </Text>
          <CopyAction value={token.secret} label={t('apiTokens.secret.copy')} />
        </Group>
        <Code block data-testid="token-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {token.secret}
        </Code>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={500}>
            {t('apiTokens.secret.example')}
          </Text>
          <CopyAction value={example} label={t('apiTokens.secret.copyExample')} />
        </Group>
        <Code block data-testid="token-example" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {example}
        </Code>
        <Group justify="flex-end" mt="xs">
          <Button onClick={onClose}>{t('apiTokens.secret.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
