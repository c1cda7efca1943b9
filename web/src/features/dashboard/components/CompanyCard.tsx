import { Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CompanySummary } from '@aforo/contracts/companies';

export interface CompanyCardProps {
  company: CompanySummary;
  isCurrent: boolean;
}

export function CompanyCard({ company, isCurrent }: CompanyCardProps) {
  const { t } = useTranslation();
  return (
    <Card
      withBorder
      radius="md"
      padding="lg"
      data-current={isCurrent}
      style={
        isCurrent
          ? { borderColor: 'var(--mantine-color-blue-5)', boxShadow: '0 0 0 1px var(--mantine-color-blue-5)' }
          : undefined
      }
    >
      <Stack gap="xs">
        <Text fw={600} size="lg" lh={1.3}>
          {company.businessName}
        </Text>
        <Text size="sm" c="dimmed">
          {t('dashboard.timezone')}: {company.preferredTimezone}
        </Text>
        {(isCurrent || company.isProvider) && (
          <Group gap={6} mt={4}>
            {isCurrent && <Badge variant="filled">{t('dashboard.current')}</Badge>}
            {company.isProvider && (
              <Badge variant="light" color="grape">
                {t('dashboard.provider')}
              </Badge>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
