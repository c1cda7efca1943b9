import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { alertColours } from '@aforo/contracts/constants';
import type { Notification } from '@aforo/contracts/notifications';
import { useTimeFormat } from '../../../lib/time';
import { showToast } from '../../../ui/toasts';
import { useMarkAllReadMutation, useMarkReadMutation, useMyNotificationsQuery } from '../api';
import { BellIcon } from './BellIcon';

/** Where a notification leads: its alert's detail, else its point's page, else the alerts that need attention. */
export function notificationTarget(n: Notification): string {
  if (n.alertId) return `/app/operation/alerts/${encodeURIComponent(n.alertId)}`;
  if (n.pointId) return `/app/operation/points/${encodeURIComponent(n.pointId)}`;
  return '/app/operation/alerts';
}

/** The header bell: unread count, the newest notifications, mark read on click, mark all read. */
export function NotificationBell() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const navigate = useNavigate();
  const [opened, { toggle, close }] = useDisclosure(false);
  const query = useMyNotificationsQuery();
  const markRead = useMarkReadMutation();
  const markAll = useMarkAllReadMutation();
  const unread = query.data?.unread ?? 0;
  const rows = query.data?.rows ?? [];

  const open = (n: Notification) => {
    if (!n.readAt) markRead.mutate(n.id, { onError: (error) => showToast('error', error.message) });
    close();
    void navigate(notificationTarget(n));
  };

  return (
    <Popover
      opened={opened}
      onChange={(next) => !next && close()}
      position="bottom-end"
      width={360}
      shadow="md"
      withinPortal
    >
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={18}
          color="red"
          disabled={unread === 0}
          offset={4}
          data-testid="bell-unread"
        >
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={toggle}
            aria-label={
              unread > 0
                ? t('notifications.bell.labelUnread', { count: unread })
                : t('notifications.bell.label')
            }
          >
            <BellIcon />
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="sm" py="xs">
          <Text fw={600} size="sm">
            {t('notifications.bell.title')}
          </Text>
          <Button
            size="compact-xs"
            variant="subtle"
            disabled={unread === 0}
            loading={markAll.isPending}
            onClick={() =>
              markAll.mutate(undefined, { onError: (error) => showToast('error', error.message) })
            }
          >
            {t('notifications.bell.markAll')}
          </Button>
        </Group>
        <Divider />
        {query.isError ? (
          <Alert color="red" variant="light" m="sm">
            <Stack gap={4} align="flex-start">
              <Text size="sm">{query.error.message}</Text>
              <Button size="compact-xs" variant="light" color="red" onClick={() => void query.refetch()}>
                {t('common.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : rows.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            {query.isPending ? t('common.loading') : t('notifications.bell.empty')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={420}>
            <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
              {rows.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    onClick={() => open(n)}
                    w="100%"
                    px="sm"
                    py="xs"
                    data-unread={n.readAt ? undefined : 'true'}
                    style={{ background: n.readAt ? undefined : 'var(--mantine-color-blue-0)' }}
                  >
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Box
                        mt={6}
                        w={10}
                        h={10}
                        style={{
                          borderRadius: 5,
                          flex: 'none',
                          background: n.level ? alertColours[n.level] : 'var(--mantine-color-gray-5)',
                          boxShadow: '0 0 0 1px rgba(0,0,0,0.25)',
                        }}
                      />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={n.readAt ? 400 : 600} lineClamp={1}>
                          {n.title}
                        </Text>
                        <Text size="xs" c="dimmed" lineClamp={2}>
                          {n.body}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {time.dateTime(n.createdAt)}
                        </Text>
                      </Stack>
                    </Group>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          </ScrollArea.Autosize>
        )}
        <Divider />
        <Button
          variant="subtle"
          fullWidth
          radius={0}
          size="xs"
          onClick={() => {
            close();
            void navigate('/app/operation/alerts');
          }}
        >
          {t('notifications.bell.seeAlerts')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
