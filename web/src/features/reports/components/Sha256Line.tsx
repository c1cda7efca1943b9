import { Button, CopyButton, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** "1a2b3c4d…9e8f7a6b": enough to compare by eye; the whole digest is in the title and copied. */
export const shortSha = (sha: string) => `${sha.slice(0, 8)}…${sha.slice(-8)}`;

export interface Sha256LineProps {
  sha256: string;
  /** The file's name in the copy button's label ("PDF"). */
  file: string;
  /** Say "SHA-256" before it (a table says it in its column title instead). */
  labelled?: boolean;
}

/** A stored file's SHA-256, shortened, with a button that copies all of it. */
export function Sha256Line({ sha256, file, labelled = false }: Sha256LineProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Text
        size="xs"
        ff="monospace"
        c="dimmed"
        title={sha256}
        data-sha256={sha256}
        style={{ whiteSpace: 'nowrap' }}
      >
        {labelled ? t('reports.closures.sha', { short: shortSha(sha256) }) : shortSha(sha256)}
      </Text>
      <CopyButton value={sha256}>
        {({ copied, copy }) => (
          <Button
            size="compact-xs"
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            onClick={copy}
            aria-label={t('reports.closures.copyLabel', { file })}
            style={{ flexShrink: 0 }}
          >
            {copied ? t('reports.closures.copied') : t('reports.closures.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
