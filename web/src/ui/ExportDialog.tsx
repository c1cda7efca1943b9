import { SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExportFormat } from '@aforo/contracts/common/export';
import { apiDownload, isApiError, queryString, type QueryValue } from '../lib/api';
import { csvChoiceFor, saveFile } from '../lib/download';
import { frequencySelectData } from '../lib/frequency';
import { useSession } from '../lib/session';
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
  /** Offer XLSX and the CSV's decimal mark (exports with numbers: the measures). */
  spreadsheet?: boolean;
}

const raw = 'raw';

/**
 * File (CSV or XLSX), separator, decimal mark and frequency of an export of the screen's filters;
 * the server writes the file, the dialog downloads it. The CSV choices start as a spreadsheet in the
 * interface language expects them (lib/download.ts csvChoiceFor).
 */
export function ExportDialog(props: ExportDialogProps) {
  const { opened, onClose, path, params, withFrequency = false, spreadsheet = false } = props;
  const { t } = useTranslation();
  const time = useTimeFormat();
  const language = useSession((s) => s.language);
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [csv, setCsv] = useState(() => csvChoiceFor(language));
  const [frequency, setFrequency] = useState(raw);
  const [busy, setBusy] = useState(false);
  const { from, to } = params;
  const asCsv = format === 'csv';
  // a report's range is of calendar days (2026-10-01), a list's of instants
  const bound = (value: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(value) ? time.day(value) : time.timestamp(value);

  async function download() {
    setBusy(true);
    try {
      const chosen = withFrequency && frequency !== raw ? frequency : undefined;
      const query = {
        ...params,
        format: spreadsheet ? format : undefined,
        separator: asCsv ? csv.separator : undefined,
        decimal: spreadsheet && asCsv ? csv.decimal : undefined,
        frequency: chosen,
      };
      const file = await apiDownload(`${path}${queryString(query)}`, `export.${format}`);
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
      title={t(spreadsheet ? 'exports.titleAny' : 'exports.title')}
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
          ? ` ${t('exports.range', { from: bound(from), to: bound(to) })}`
          : ''}
      </Text>
      {spreadsheet && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="export-format">
            {t('exports.format')}
          </Text>
          <SegmentedControl
            aria-labelledby="export-format"
            data={[
              { value: 'csv', label: t('exports.formats.csv') },
              { value: 'xlsx', label: t('exports.formats.xlsx') },
            ]}
            value={format}
            onChange={(value) => setFormat(value === 'xlsx' ? 'xlsx' : 'csv')}
          />
          {!asCsv && (
            <Text size="xs" c="dimmed">
              {t('exports.xlsxHint')}
            </Text>
          )}
        </Stack>
      )}
      {asCsv && (
        <Select
          label={t('exports.separator')}
          data={[
            { value: ',', label: t('exports.separators.comma') },
            { value: ';', label: t('exports.separators.semicolon') },
          ]}
          value={csv.separator}
          onChange={(value) => setCsv((c) => ({ ...c, separator: value === ';' ? ';' : ',' }))}
          allowDeselect={false}
        />
      )}
      {spreadsheet && asCsv && (
        <Select
          label={t('exports.decimal')}
          data={[
            { value: '.', label: t('exports.decimals.point') },
            { value: ',', label: t('exports.decimals.comma') },
          ]}
          value={csv.decimal}
          onChange={(value) => setCsv((c) => ({ ...c, decimal: value === ',' ? ',' : '.' }))}
          allowDeselect={false}
        />
      )}
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
