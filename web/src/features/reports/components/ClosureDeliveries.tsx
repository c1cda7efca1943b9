import { Alert, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportDelivery } from '@aforo/contracts/report-delivery';
import { useDeliveriesQuery } from '../closures-api';

const colours: Record<ReportDelivery['status'], string> = { outbox: 'yellow', sent: 'teal', failed: 'red' };

/**
 * Who each revision of a closed month was mailed to (docs/REPORTS.md "Delivery"): the recipient, the
 * files attached or linked, and the mail worker's status — with its error when the reader may see it.
 */
export function ClosureDeliveries({
  closureId,
  dateOf,
}: {
  closureId: string;
  dateOf: (iso: string) => string;
}) {
  const { t } = useTranslation();
  const query = useDeliveriesQuery(closureId);
  const rows = query.data?.rows ?? [];
  return (
    <Stack gap="xs">
      <Title order={4} size="h6">
        {t('reports.deliveries.title')}
      </Title>
      {query.error && (
        <Alert color="red" variant="light">
          {query.error.message}
        </Alert>
      )}
      {query.isLoading && <Loader size="xs" aria-label={t('common.loading')} />}
      {query.isSuccess && rows.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('reports.deliveries.empty')}
        </Text>
      )}
      {rows.length > 0 && (
        <Table aria-label={t('reports.deliveries.label')} withTableBorder fz="xs" verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.deliveries.fields.revision')}</Table.Th>
              <Table.Th>{t('reports.deliveries.fields.recipient')}</Table.Th>
              <Table.Th>{t('reports.deliveries.fields.files')}</Table.Th>
              <Table.Th>{t('reports.deliveries.fields.status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((d) => (
              <Table.Tr key={`${d.revision}-${d.recipient.id}`}>
                <Table.Td>{d.revision}</Table.Td>
                <Table.Td>
                  <Text size="xs">
                    {d.recipient.name} · {d.language.toUpperCase()}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {d.recipient.email}
                  </Text>
                </Table.Td>
                <Table.Td>{t(`reports.deliveries.files.${d.files}`)}</Table.Td>
                <Table.Td>
                  <Badge size="sm" variant="light" color={colours[d.status]}>
                    {t(`reports.deliveries.statuses.${d.status}`)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {d.sentAt
                      ? t('reports.deliveries.sentAt', { date: dateOf(d.sentAt) })
                      : t('reports.deliveries.attempts', { count: d.attempts })}
                  </Text>
                  {d.error && (
                    <Text size="xs" c="red">
                      {d.error}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
