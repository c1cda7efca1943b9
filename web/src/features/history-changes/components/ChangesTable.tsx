import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { LogEntry } from '@aforo/contracts/log-entries';
import { changedParts, describeValue } from '../change-values';
import type { EntryLabels } from '../use-value-labels';

export interface ChangesTableProps {
  entry: Pick<LogEntry, 'entityType' | 'changes' | 'names'>;
  labels: EntryLabels;
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/** The changed fields of one entry: field | before | after. */
export function ChangesTable({ entry, labels: entryLabels }: ChangesTableProps) {
  const { t } = useTranslation();
  // a field whose objects differ only by empty keys (null written where nothing was) says nothing
  const fields = Object.entries(entry.changes)
    .map(([field, [before, after]]) => [field, changedParts(before, after)] as const)
    .filter(([, [before, after]]) => !(isEmptyObject(before) && isEmptyObject(after)));
  const labels = entryLabels.values(entry);
  if (fields.length === 0) {
    return (
      <Text size="xs" c="dimmed">
        {t('history.noFieldChanges')}
      </Text>
    );
  }
  const fieldLabel = (field: string) => entryLabels.field(entry.entityType, field);
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
