import { Badge, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import { rights } from '@aforo/contracts/roles';
import { useRoleLabel } from '../../../lib/roles';
import { listQueryParams, useListUrlState } from '../../../lib/url-state';
import type { ListUrlOptions } from '../../../lib/url-state';
import type { DataTableColumn } from '../../../ui/DataTable';
import { ListScreen } from '../../../ui/ListScreen';
import { useDeleteNotificationConfigMutation, useNotificationConfigsQuery } from '../api';
import { NotificationConfigFormModal } from './NotificationConfigFormModal';
import { WebhookSecretModal } from './WebhookSecretModal';

const orders = ['name', 'created_at'] as const;
type Order = (typeof orders)[number];
const listOptions: ListUrlOptions<Order> = { orders, defaultOrder: 'name', defaultDir: 'ASC' };

/** The company's notification configurations: list, form, delete; the webhook secret after a save. */
export function NotificationConfigsView() {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const list = useListUrlState(listOptions);
  const query = useNotificationConfigsQuery(listQueryParams(list));
  const remove = useDeleteNotificationConfigMutation();
  const [secret, setSecret] = useState<string | null>(null);

  const columns: DataTableColumn<NotificationConfig>[] = [
    { accessor: 'name', title: t('notifications.fields.name'), sortable: true },
    {
      accessor: 'enabled',
      title: t('notifications.fields.enabled'),
      render: (c) => (
        <Badge variant="light" color={c.enabled ? 'teal' : 'gray'} radius="sm">
          {c.enabled ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
    {
      accessor: 'alertTypes',
      title: t('notifications.fields.alertTypes'),
      render: (c) => (
        <Group gap={4}>
          {c.alertTypes.map((type) => (
            <Badge key={type} variant="outline" radius="sm" size="sm">
              {t(`alerts.types.${type}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      accessor: 'roles',
      title: t('notifications.fields.recipients'),
      render: (c) => (
        <Text size="sm">{[...c.roles.map(roleLabel), ...c.users.map((u) => u.name)].join(', ') || '—'}</Text>
      ),
    },
    {
      accessor: 'points',
      title: t('notifications.fields.points'),
      render: (c) => (
        <Text size="sm">
          {[...c.points, ...c.layers].map((r) => r.name).join(', ') || t('notifications.fields.allPoints')}
        </Text>
      ),
    },
    {
      accessor: 'email',
      title: t('notifications.fields.channels'),
      render: (c) =>
        [
          t('notifications.channels.in_app'),
          ...(c.email ? [t('notifications.channels.email')] : []),
          ...(c.webhookUrl ? [t('notifications.channels.webhook')] : []),
        ].join(' · '),
    },
    {
      accessor: 'escalation',
      title: t('notifications.fields.escalation'),
      render: (c) =>
        c.escalation
          ? t('notifications.configs.escalationAfter', { minutes: c.escalation.afterMinutes })
          : '—',
    },
  ];

  return (
    <>
      <ListScreen
        title={t('notifications.configs.title')}
        description={t('notifications.configs.hint')}
        list={list}
        query={query}
        columns={columns}
        editRoles={rights['notifications.manage']}
        texts={{
          new: t('notifications.configs.new'),
          deleteTitle: t('notifications.configs.deleteTitle'),
          deleteMessage: (c) => t('notifications.configs.deleteMessage', { name: c.name }),
          deleted: t('notifications.configs.deleted'),
        }}
        nameOf={(c) => c.name}
        onDelete={(c) => remove.mutateAsync(c.id)}
        renderForm={(config, onClose) => (
          <NotificationConfigFormModal
            config={config}
            onClose={onClose}
            onSaved={(saved) => {
              onClose();
              if (saved.webhookSecret) setSecret(saved.webhookSecret);
            }}
          />
        )}
      />
      {secret && <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />}
    </>
  );
}
