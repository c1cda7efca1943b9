import { Code, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiTokenUsage } from '@aforo/contracts/api-tokens';
import { useTokenFormat } from '../use-token-format';

/** The month's calls by route of the external API, most called first. */
export function UsageByEndpoint({ byEndpoint }: { byEndpoint: ApiTokenUsage['byEndpoint'] }) {
  const { t } = useTranslation();
  const f = useTokenFormat();
  if (byEndpoint.length === 0) return null;
  const rows = [...byEndpoint].sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint));
  return (
    <Table
      striped
      withTableBorder
      aria-label={t('apiTokens.detail.byEndpoint')}
      data-testid="usage-by-endpoint"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('apiTokens.detail.endpoint')}</Table.Th>
          <Table.Th w={90} ta="right">
            {t('apiTokens.detail.calls')}
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((e) => (
          <Table.Tr key={e.endpoint}>
            <Table.Td>
              <Code>{e.endpoint}</Code>
            </Table.Td>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {f.count(e.count)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
