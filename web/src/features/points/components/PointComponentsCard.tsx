import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePointComponentsQuery } from '../api';

/** The components installed at a point (GET /api/components?pointId=…). */
export function PointComponentsCard({ pointId }: { pointId: string }) {
  const { t } = useTranslation();
  const components = usePointComponentsQuery(pointId);
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('screens.components')}
        </Title>
        {components.isPending ? (
          <Text size="sm">{t('common.loading')}</Text>
        ) : components.isError ? (
          <Text size="sm" c="dimmed">
            {t('points.componentsUnavailable')}
          </Text>
        ) : components.data.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('points.noComponents')}
          </Text>
        ) : (
          <Table aria-label={t('screens.components')}>
            <Table.Tbody>
              {components.data.rows.map((component) => (
                <Table.Tr key={component.id}>
                  <Table.Td>{component.type.name}</Table.Td>
                  <Table.Td>{component.serial}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" radius="sm">
                      {t(`points.componentStates.${component.state}`)}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Card>
  );
}
