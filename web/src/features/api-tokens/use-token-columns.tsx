import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiToken } from '@aforo/contracts/api-tokens';
import type { DataTableColumn } from '../../ui/DataTable';
import { RowActionsMenu } from '../../ui/RowActionsMenu';
import { TokenStateBadge } from './components/TokenStateBadge';
import { TokenUsageCell } from './components/TokenUsageCell';
import { TokenValidity } from './components/TokenValidity';
import { useTokenFormat } from './use-token-format';

export interface TokenActions {
  onUsage: (token: ApiToken) => void;
  onEdit: (token: ApiToken) => void;
  onRevoke: (token: ApiToken) => void;
}

/** The tokens table: alias, prefix, state, validity, this month's calls, last use, last update, actions. */
export function useTokenColumns({ onUsage, onEdit, onRevoke }: TokenActions): DataTableColumn<ApiToken>[] {
  const { t } = useTranslation();
  const f = useTokenFormat();
  return [
    { accessor: 'alias', title: t('apiTokens.fields.alias') },
    {
      accessor: 'prefix',
      title: t('apiTokens.fields.prefix'),
      render: (token) => <Code>{token.prefix}…</Code>,
    },
    {
      accessor: 'state',
      title: t('apiTokens.fields.state'),
      render: (token) => <TokenStateBadge state={token.state} />,
    },
    {
      accessor: 'validUntil',
      title: t('apiTokens.fields.validUntil'),
      render: (token) => <TokenValidity token={token} />,
    },
    {
      accessor: 'usage',
      title: t('apiTokens.fields.usage'),
      render: (token) => <TokenUsageCell usage={token.usage} />,
    },
    {
      accessor: 'lastUsedAt',
      title: t('apiTokens.fields.lastUsed'),
      render: (token) =>
        token.lastUsedAt ? (
          f.dateTime(token.lastUsedAt)
        ) : (
          <Text size="sm" c="dimmed">
            {t('apiTokens.never')}
          </Text>
        ),
    },
    {
      accessor: 'updatedAt',
      title: t('apiTokens.fields.updated'),
      render: (token) => (
        <Stack gap={0}>
          <Text size="sm">{token.updatedBy?.name ?? '—'}</Text>
          <Text size="xs" c="dimmed">
            {f.dateTime(token.updatedAt)}
          </Text>
        </Stack>
      ),
    },
    {
      accessor: 'actions',
      title: '',
      width: 56,
      render: (token) => (
        <RowActionsMenu
          label={t('common.actionsFor', { name: token.alias })}
          actions={[
            { key: 'usage', label: t('apiTokens.usage'), onClick: () => onUsage(token) },
            {
              key: 'edit',
              label: t('common.edit'),
              hidden: token.state === 'revoked',
              onClick: () => onEdit(token),
            },
            {
              key: 'revoke',
              label: t('apiTokens.revoke'),
              color: 'red',
              hidden: token.state === 'revoked',
              onClick: () => onRevoke(token),
            },
          ]}
        />
      ),
    },
  ];
}
