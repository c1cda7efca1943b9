import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RevisionSummary } from '@aforo/contracts/report-closures';
import { revisionPath } from '../closures-api';
import { useFileDownload } from '../use-file-download';
import { useReportFormat } from '../use-report-format';
import { Sha256Line } from './Sha256Line';

export interface RevisionFilesProps {
  closureId: string;
  revision: RevisionSummary;
  /** Say "SHA-256" before each digest (outside a table whose column title says it). */
  labelled?: boolean;
}

/**
 * A revision's stored PDF and XLSX (docs/REPORTS.md "Month close and revisions"): each a download of
 * the very bytes frozen, its size and its SHA-256 to check them by.
 */
export function RevisionFiles({ closureId, revision, labelled = false }: RevisionFilesProps) {
  const { t } = useTranslation();
  const f = useReportFormat();
  const { busy, download } = useFileDownload(revisionPath(closureId, revision.n), {});
  const files = [
    ['pdf', t('reports.downloads.pdf'), revision.pdf],
    ['xlsx', t('reports.downloads.xlsx'), revision.xlsx],
  ] as const;
  return (
    <Stack gap={4}>
      {files.map(([format, label, digest]) => (
        <Group key={format} gap={6} wrap="nowrap">
          <Button
            size="compact-xs"
            variant="default"
            w={54}
            style={{ flexShrink: 0 }}
            loading={busy === format}
            onClick={() => download(format)}
            aria-label={t('reports.closures.downloadLabel', { file: label, n: revision.n })}
          >
            {label}
          </Button>
          <Sha256Line sha256={digest.sha256} file={label} labelled={labelled} />
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('reports.closures.size', {
              size: f.number(digest.bytes / 1000, { maximumFractionDigits: 1 }),
            })}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
