import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@aforo/contracts/common/export';
import { apiDownload, isApiError } from '../../../lib/api';
import { csvChoiceFor, saveFile } from '../../../lib/download';
import { useSession } from '../../../lib/session';
import { showToast } from '../../../ui/toasts';
import { chartExportPath } from './point-chart-export';
import type { TimeRange } from './point-chart-data';

export interface ChartExportMenuProps {
  pointId: string;
  port: string | null;
  /** The range on screen (the zoomed window when zoomed). */
  range: TimeRange;
  /** Nothing measured in the range: nothing to export. */
  disabled: boolean;
}

/**
 * CSV or XLSX of what the chart shows, written by the server; the CSV as a spreadsheet in the
 * interface language opens it (`;` and decimal comma in Spanish).
 */
export function ChartExportMenu({ pointId, port, range, disabled }: ChartExportMenuProps) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const [busy, setBusy] = useState(false);
  const download = async (format: ExportFormat) => {
    setBusy(true);
    try {
      const path = chartExportPath(pointId, port, range, format, csvChoiceFor(language));
      const file = await apiDownload(path, `export.${format}`);
      saveFile(file.blob, file.filename);
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="default" disabled={disabled} loading={busy}>
          {t('points.chart.export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>CSV</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>XLSX</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
