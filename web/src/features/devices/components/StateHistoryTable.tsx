import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTimeFormat } from '../../../lib/time';
import { useDeviceHistoryQuery } from '../api';
import { deviceStateKey } from '../device-actions';

/** The state changes of a device, newest first: from, to, who, when, point, reason. */
export function StateHistoryTable({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const history = useDeviceHistoryQuery(deviceId);
  if (history.isPending) return <Text size="sm">{t('common.loading')}</Text>;
  if (history.isError) return <Text c="red">{history.error.message}</Text>;
  if (history.data.rows.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('devices.history.empty')}
      </Text>
    );
  return (
    <Table striped withTableBorder aria-label={t('devices.history.title')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('devices.history.at')}</Table.Th>
          <Table.Th>{t('devices.history.from')}</Table.Th>
          <Table.Th>{t('devices.history.to')}</Table.Th>
          <Table.Th>{t('devices.history.point')}</Table.Th>
          <Table.Th>{t('devices.history.by')}</Table.Th>
          <Table.Th>{t('devices.history.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {history.data.rows.map((change) => (
          <Table.Tr key={change.id}>
            <Table.Td>{time.dateTime(change.at)}</Table.Td>
            <Table.Td>{change.from ? t(deviceStateKey(change.from)) : '—'}</Table.Td>
            <Table.Td>{t(deviceStateKey(change.to))}</Table.Td>
            <Table.Td>{change.point?.name ?? '—'}</Table.Td>
            <Table.Td>{change.by?.email ?? '—'}</Table.Td>
            <Table.Td>{change.reason ?? '—'}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
