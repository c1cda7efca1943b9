import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportPoint } from '@aforo/contracts/reports';

/** A report row's point: its name, the series it is counted on, and whether it is in test. */
export function PointCell({ point }: { point: ReportPoint }) {
  const { t } = useTranslation();
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>
          {point.name}
        </Text>
        {point.test && (
          <Badge size="xs" color="blue" variant="light">
            {t('reports.inTest')}
          </Badge>
        )}
      </Group>
      <Text size="xs" c="dimmed">
        {point.port ? `${point.port}${point.unit ? ` · ${point.unit}` : ''}` : t('reports.noSeries')}
      </Text>
    </Stack>
  );
}
