import { Button, Code, CopyButton, Popover, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { embedSnippet } from '../embed';

/** "Embed": the copyable <iframe> code of one point's widget. */
export function EmbedSnippet({ slug, pointId, name }: { slug: string; pointId: string; name: string }) {
  const { t } = useTranslation();
  const code = embedSnippet(window.location.origin, slug, pointId, name);
  return (
    <Popover width={360} position="bottom-end" withArrow shadow="md">
      <Popover.Target>
        <Button size="compact-xs" variant="subtle">
          {t('publicDashboard.embed')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs">
          <Text size="sm">{t('publicDashboard.embedHint')}</Text>
          <Code block data-testid="embed-code" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {code}
          </Code>
          <CopyButton value={code}>
            {({ copied, copy }) => (
              <Button size="xs" onClick={copy} color={copied ? 'teal' : undefined}>
                {copied ? t('publicDashboard.copied') : t('publicDashboard.copy')}
              </Button>
            )}
          </CopyButton>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
