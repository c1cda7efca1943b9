import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '@aforo/contracts/log-entries';
import { describeValue } from '../change-values';
import type { ValueLabels } from '../change-values';

export interface ChangesTableProps {
  changes: LogEntry['changes'];
  labels: ValueLabels;
}

/** The changed fields of one entry: field | before | after. */
export function ChangesTable({ changes, labels }: ChangesTableProps) {
  const { t, i18n } = useTranslation();
  const fields = Object.entries(changes);
  if (fields.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('history.noFieldChanges')}
      </Text>
    );
  }
  const fieldLabel = (field: string) =>
    i18n.exists(`history.fields.${field}`) ? t(`history.fields.${field}`) : field;
  return (
    <Table
      withTableBorder
      withColumnBorders
      fz="xs"
      verticalSpacing={4}
      horizontalSpacing="xs"
      layout="fixed"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="28%">{t('history.field')}</Table.Th>
          <Table.Th>{t('history.before')}</Table.Th>
          <Table.Th>{t('history.after')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map(([field, [before, after]]) => (
          <Table.Tr key={field}>
            <Table.Td fw={500} title={field}>
              {fieldLabel(field)}
            </Table.Td>
            <Table.Td c="red.8" style={{ wordBreak: 'break-word' }}>
              {describeValue(before, labels, field).map((line, index) => (
                <div key={index}>{line}</div>
              ))}
            </Table.Td>
            <Table.Td c="teal.8" style={{ wordBreak: 'break-word' }}>
              {describeValue(after, labels, field).map((line, index) => (
                <div key={index}>{line}</div>
              ))}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
