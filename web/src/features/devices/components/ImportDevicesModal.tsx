import { Alert, Button, FileInput, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceImportResult } from '@aforo/contracts/devices';
import { isApiError } from '../../../lib/api';
import { showToast } from '../../../ui/toasts';
import { useImportDevicesMutation } from '../api';

export interface ImportDevicesModalProps {
  onClose: () => void;
}

interface Checked {
  /** The exact content that was checked: importing is allowed only while it is unchanged. */
  csv: string;
  result: DeviceImportResult;
}

/** Bulk import of devices from a CSV: check first (dry run), then import every row or none. */
export function ImportDevicesModal({ onClose }: ImportDevicesModalProps) {
  const { t } = useTranslation();
  const mutation = useImportDevicesMutation();
  const [csv, setCsv] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const current = checked?.csv === csv ? checked.result : null;
  const canImport = current !== null && current.valid && current.total > 0;
  const busy = mutation.isPending;

  const showError = (error: Error) => {
    const detail = isApiError(error) ? Object.values(error.fields)[0] : undefined;
    showToast('error', detail ?? error.message);
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    if (chosen) void chosen.text().then(setCsv, (error: Error) => showToast('error', error.message));
  };

  const check = () => {
    const content = csv;
    mutation.mutate(
      { csv: content, dryRun: true },
      { onSuccess: (result) => setChecked({ csv: content, result }), onError: showError },
    );
  };

  const runImport = () => {
    const content = csv;
    mutation.mutate(
      { csv: content, dryRun: false },
      {
        onSuccess: (result) => {
          if (!result.valid) {
            setChecked({ csv: content, result });
            return;
          }
          showToast('success', t('devices.import.done', { count: result.imported }));
          onClose();
        },
        onError: showError,
      },
    );
  };

  const fieldLabel = (field: string) => t(`devices.import.columns.${field}`, { defaultValue: field });

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      closeOnClickOutside={!busy}
      title={t('devices.import.title')}
      size="xl"
      centered
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('devices.import.help')}
        </Text>
        <FileInput
          label={t('devices.import.file')}
          placeholder={t('devices.import.filePlaceholder')}
          accept=".csv,text/csv"
          clearable
          value={file}
          onChange={chooseFile}
        />
        <Textarea
          label={t('devices.import.text')}
          placeholder={t('devices.import.textPlaceholder')}
          rows={8}
          styles={{ input: { fontFamily: 'monospace' } }}
          value={csv}
          onChange={(event) => setCsv(event.currentTarget.value)}
        />
        {current && !current.valid && (
          <Stack gap="xs">
            <Alert color="red" variant="light">
              {t('devices.import.invalid')}
            </Alert>
            <Table.ScrollContainer minWidth={500} mah={300}>
              <Table striped withTableBorder aria-label={t('devices.import.errorsLabel')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('devices.import.line')}</Table.Th>
                    <Table.Th>{t('devices.import.serial')}</Table.Th>
                    <Table.Th>{t('devices.import.field')}</Table.Th>
                    <Table.Th>{t('devices.import.message')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {current.errors.map((error, index) => (
                    <Table.Tr key={`${error.line}-${error.field}-${index}`}>
                      <Table.Td>{error.line}</Table.Td>
                      <Table.Td>{error.serial ?? ''}</Table.Td>
                      <Table.Td>{fieldLabel(error.field)}</Table.Td>
                      <Table.Td>{error.message}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        )}
        {current?.valid && (
          <Alert color="teal" variant="light">
            {t('devices.import.valid', { count: current.total })}
          </Alert>
        )}
        {!current && csv.trim() !== '' && (
          <Text size="xs" c="dimmed">
            {t('devices.import.checkFirst')}
          </Text>
        )}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="light"
            onClick={check}
            disabled={csv.trim() === '' || (busy && !mutation.variables.dryRun)}
            loading={busy && mutation.variables.dryRun}
          >
            {t('devices.import.check')}
          </Button>
          <Button
            onClick={runImport}
            disabled={!canImport || (busy && mutation.variables.dryRun)}
            loading={busy && !mutation.variables.dryRun}
          >
            {t('devices.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
