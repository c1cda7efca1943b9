import { Button, Group, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportDialog } from '../../../ui/ExportDialog';
import type { ReportParams } from '../api';
import { useFileDownload } from '../use-file-download';

export interface ReportDownloadsProps {
  /** The report's path under /api ('/reports/monthly'). */
  path: string;
  /** The screen's query: its period and company. */
  params: ReportParams;
  /** The level summary's ZIP: the daily levels CSV and the summary XLSX. */
  zip?: boolean;
  /** Set while the period cannot be downloaded: the buttons are off and say why. */
  disabledReason?: string;
}

/**
 * The report as files written by the server from the same query (docs/REPORTS.md "Exports"): PDF,
 * CSV through the export dialog (separator and decimal mark as the interface language's
 * spreadsheets expect), XLSX, and for the level summary a ZIP.
 */
export function ReportDownloads({ path, params, zip = false, disabledReason }: ReportDownloadsProps) {
  const { t } = useTranslation();
  const { busy, download } = useFileDownload(path, params);
  const [csvOpen, setCsvOpen] = useState(false);
  const off = Boolean(disabledReason);
  const button = (format: 'pdf' | 'xlsx' | 'zip', label: string) => (
    <Button
      size="sm"
      variant="default"
      loading={busy === format}
      disabled={off}
      onClick={() => download(format)}
    >
      {label}
    </Button>
  );
  return (
    <Tooltip label={disabledReason} disabled={!off}>
      {/* a disabled button fires no mouse events: the wrapper carries the tooltip */}
      <Group gap="xs" role="group" aria-label={t('reports.downloads.label')}>
        {zip && button('zip', t('reports.downloads.zip'))}
        {button('pdf', t('reports.downloads.pdf'))}
        <Button size="sm" variant="default" disabled={off} onClick={() => setCsvOpen(true)}>
          {t('reports.downloads.csv')}
        </Button>
        {button('xlsx', t('reports.downloads.xlsx'))}
        {csvOpen && (
          <ExportDialog opened onClose={() => setCsvOpen(false)} path={path} params={params} spreadsheet />
        )}
      </Group>
    </Tooltip>
  );
}
