/** A report file straight from the server (PDF, XLSX, ZIP): the same query as the screen with `format`. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReportFormat } from '@aforo/contracts/reports';
import { apiDownload, isApiError, queryString } from '../../lib/api';
import { saveFile } from '../../lib/download';
import { showToast } from '../../ui/toasts';
import type { ReportParams } from './api';

export function useFileDownload(path: string, params: ReportParams) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  async function download(format: ReportFormat) {
    setBusy(format);
    try {
      const file = await apiDownload(`${path}${queryString({ ...params, format })}`, `report.${format}`);
      saveFile(file.blob, file.filename);
      showToast('success', t('exports.downloaded', { filename: file.filename }));
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('errors.generic'));
    } finally {
      setBusy(null);
    }
  }
  return { busy, download: (format: ReportFormat) => void download(format) };
}
