import { Card, List, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { PublicDatum } from '@aforo/contracts/public-dashboard';

/** What the levels are measured from (docs/PUBLIC-DASHBOARD.md "the datum explained"). */
export function DatumExplained({ datum }: { datum: PublicDatum }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" data-testid="datum-explained">
      <Title order={2} size="h5" mb="xs">
        {t('publicDashboard.datumTitle')}
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>{datum.invertLevel}</List.Item>
        <List.Item>{datum.groundLevel}</List.Item>
      </List>
    </Card>
  );
}
