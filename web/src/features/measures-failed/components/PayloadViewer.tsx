import { Badge, Button, Code, CopyButton, Group, ScrollArea, Text } from '@mantine/core';
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
            <Button size="xs" variant="light" color={copied ? 'teal' : 'gray'} onClick={copy}>
              {copied ? t('telemetry.failed.copied') : t('telemetry.failed.copy')}
            </Button>
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
