import { ActionIcon, Badge, Code, CopyButton, Group, ScrollArea, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatPayload } from '../payload';

/** The raw payload in monospace, JSON indented, with a copy button (copies what arrived). */
export function PayloadViewer({ payload }: { payload: string | null }) {
  const { t } = useTranslation();
  const formatted = formatPayload(payload);
  if (formatted.kind === 'empty') {
    return (
      <Text size="sm" c="dimmed">
        {t('telemetry.failed.noPayload')}
      </Text>
    );
  }
  return (
    <div>
      <Group justify="space-between" mb={4}>
        <Badge variant="light" color={formatted.kind === 'json' ? 'blue' : 'gray'} radius="sm">
          {formatted.kind === 'json' ? t('telemetry.failed.json') : t('telemetry.failed.rawText')}
        </Badge>
        <CopyButton value={payload ?? ''}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('telemetry.failed.copied') : t('telemetry.failed.copy')}>
              <ActionIcon
                variant="light"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={t('telemetry.failed.copy')}
              >
                {copied ? '✓' : '⧉'}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <ScrollArea.Autosize mah={360}>
        <Code block data-testid="payload" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {formatted.text}
        </Code>
      </ScrollArea.Autosize>
    </div>
  );
}
