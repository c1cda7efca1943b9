import { Button, Group, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiToken, CreatedApiToken } from '@aforo/contracts/api-tokens';
import { useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import { DataTable } from '../../../ui/DataTable';
import { ScreenHeader } from '../../../ui/ScreenHeader';
import { showToast } from '../../../ui/toasts';
import { useConfirm } from '../../../ui/useConfirm';
import { useApiTokensQuery, useRevokeApiTokenMutation } from '../api';
import { ApiTokenFormModal } from '../components/ApiTokenFormModal';
import { TokenSecretModal } from '../components/TokenSecretModal';
import { TokenUsageDrawer } from '../components/TokenUsageDrawer';
import { registerApiTokenTexts } from '../texts';
import { useTokenColumns } from '../use-token-columns';

registerApiTokenTexts();

// the server answers every token at once, by alias: paging is the page's, the list state the URL's
const listOptions: ListUrlOptions<'alias', 'showRevoked' | 'token'> = {
  orders: ['alias'],
  defaultOrder: 'alias',
  defaultDir: 'ASC',
  filters: ['showRevoked', 'token'],
};

/**
 * /app/accounts/tokens (ADMIN, ADMIN_CLIENTE; docs/WEB.md "API tokens"): the current company's API
 * tokens with this month's usage, read again every 30 s; new and edit forms, revoke, the secret once
 * after creating, and a token's usage by day and endpoint in a drawer (`token` in the URL).
 */
export function ApiTokensPage() {
  const { t } = useTranslation();
  const confirm = useConfirm();
  const list = useListUrlState(listOptions);
  const showRevoked = list.filters.showRevoked === 'true';
  const query = useApiTokensQuery(showRevoked);
  const revoke = useRevokeApiTokenMutation();
  const [editing, setEditing] = useState<ApiToken | 'new' | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const rows = query.data?.rows ?? [];
  const opened = rows.find((token) => token.id === list.filters.token) ?? null;
  const planLimit = rows.find((token) => token.planLimit !== null)?.planLimit ?? null;
  const start = (list.page - 1) * list.length;
  const title = t('apiTokens.title');

  const handleRevoke = (token: ApiToken) =>
    confirm({
      title: t('apiTokens.revokeTitle'),
      message: t('apiTokens.revokeMessage', { alias: token.alias }),
      confirmLabel: t('apiTokens.revoke'),
      color: 'red',
      onConfirm: async () => {
        await revoke.mutateAsync(token.id);
        showToast('success', t('apiTokens.revoked'));
      },
    });
  const openUsage = (token: ApiToken) => list.update({ filters: { token: token.id } }, { replace: true });
  const columns = useTokenColumns({ onUsage: openUsage, onEdit: setEditing, onRevoke: handleRevoke });

  return (
    <Stack gap="md">
      <ScreenHeader
        title={title}
        description={t('apiTokens.hint')}
        actions={<Button onClick={() => setEditing('new')}>{t('apiTokens.new')}</Button>}
      />
      <Group>
        <Switch
          label={t('apiTokens.showRevoked')}
          checked={showRevoked}
          onChange={(event) => list.setFilter('showRevoked', event.currentTarget.checked ? 'true' : null)}
        />
      </Group>
      <DataTable
        label={title}
        columns={columns}
        records={rows.slice(start, start + list.length)}
        total={rows.length}
        // the 30-second refresh updates the figures in place, without the table's loader
        fetching={query.isPending}
        error={query.error}
        onRetry={() => void query.refetch()}
        page={list.page}
        length={list.length}
        onPageChange={list.setPage}
        onLengthChange={list.setLength}
        onRowClick={openUsage}
        rowStyle={(token) => (token.state === 'revoked' ? { opacity: 0.6 } : undefined)}
        emptyText={t('apiTokens.empty')}
      />
      <TokenUsageDrawer
        token={opened}
        onClose={() => list.update({ filters: { token: null } }, { replace: true })}
      />
      {editing && (
        <ApiTokenFormModal
          key={editing === 'new' ? 'new' : editing.id}
          token={editing === 'new' ? null : editing}
          planLimit={editing === 'new' ? planLimit : editing.planLimit}
          onClose={() => setEditing(null)}
          onCreated={(token) => {
            setEditing(null);
            setCreated(token);
          }}
        />
      )}
      {created && <TokenSecretModal token={created} onClose={() => setCreated(null)} />}
    </Stack>
  );
}
