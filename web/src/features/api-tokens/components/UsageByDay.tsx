import { Progress, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiTokenUsage } from '@aforo/contracts/api-tokens';
import { useTokenFormat } from '../use-token-format';

/** The month's calls by UTC day, each with a bar against the busiest day. */
export function UsageByDay({ byDay }: { byDay: ApiTokenUsage['byDay'] }) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  if (byDay.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('apiTokens.detail.noCalls')}
      </Text>
    );
  const busiest = Math.max(...byDay.map((d) => d.count));
  return (
    <Table striped withTableBorder aria-label={t('apiTokens.detail.byDay')} data-testid="usage-by-day">
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={120}>{t('apiTokens.detail.day')}</Table.Th>
          <Table.Th w={90} ta="right">
            {t('apiTokens.detail.calls')}
          </Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {byDay.map((d) => (
          <Table.Tr key={d.day}>
            <Table.Td>{f.day(d.day)}</Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {f.count(d.count)}
            </Table.Td>
            <Table.Td>
              <Progress value={busiest > 0 ? (d.count / busiest) * 100 : 0} size="md" aria-hidden />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
