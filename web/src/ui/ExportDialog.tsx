import { Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiDownload, isApiError, queryString, type QueryValue } from '../lib/api';
import { saveFile } from '../lib/download';
import { frequencySelectData } from '../lib/frequency';
import { useTimeFormat } from '../lib/time';
import { FormModal } from './FormModal';
import { showToast } from './toasts';

export interface ExportDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The export's path under /api, e.g. '/measures/export'. */
  path: string;
  /** The screen's filters; empty ones are left out of the query. */
  params: Record<string, QueryValue>;
  /** Offer the docs/LIMITS.md frequencies (the measures export aggregates by them). */
  withFrequency?: boolean;
}

const raw = 'raw';

/** Separator (and frequency) of a CSV export of the screen's filters; downloads the file. */
export function ExportDialog({ opened, onClose, path, params, withFrequency = false }: ExportDialogProps) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const [separator, setSeparator] = useState<',' | ';'>(',');
  const [frequency, setFrequency] = useState(raw);
  const [busy, setBusy] = useState(false);
  const { from, to } = params;

  async function download() {
    setBusy(true);
    try {
      const chosen = withFrequency && frequency !== raw ? frequency : undefined;
      const file = await apiDownload(`${path}${queryString({ ...params, separator, frequency: chosen })}`);
      saveFile(file.blob, file.filename);
      showToast('success', t('exports.downloaded', { filename: file.filename }));
      onClose();
    } catch (error) {
      showToast('error', isApiError(error) ? error.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormModal
      opened={opened}
      title={t('exports.title')}
      onClose={onClose}
      onSubmit={(event) => {
        event.preventDefault();
        void download();
      }}
      submitting={busy}
      submitLabel={t('exports.download')}
    >
      <Text size="sm" c="dimmed">
        {t('exports.hint')}
        {typeof from === 'string' && typeof to === 'string'
          ? ` ${t('exports.range', { from: time.timestamp(from), to: time.timestamp(to) })}`
          : ''}
      </Text>
      <Select
        label={t('exports.separator')}
        data={[
          { value: ',', label: t('exports.separators.comma') },
          { value: ';', label: t('exports.separators.semicolon') },
        ]}
        value={separator}
        onChange={(value) => setSeparator(value === ';' ? ';' : ',')}
        allowDeselect={false}
      />
      {withFrequency && (
        <Select
          label={t('exports.frequency')}
          description={t('exports.frequencyHint')}
          data={[{ value: raw, label: t('exports.raw') }, ...frequencySelectData(t)]}
          value={frequency}
          onChange={(value) => setFrequency(value ?? raw)}
          allowDeselect={false}
        />
      )}
    </FormModal>
  );
}
