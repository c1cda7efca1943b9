import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@aforo/contracts/users';
import { useCurrentUserQuery, useRoleCheck } from '../../../lib/current-user';
import { useTimeFormat } from '../../../lib/time';
import { useSession } from '../../../lib/session';
import { LabeledValue } from '../../../ui/LabeledValue';
import { RowActionsMenu } from '../../../ui/RowActionsMenu';
import { useUserQuery } from '../api';
import { RoleBadges } from '../components/RoleBadges';
import { UserFormModal } from '../components/UserFormModal';
import { UserStateBadge } from '../components/UserStateBadge';
import { useUserActions } from '../use-user-actions';

/**
 * /app/accounts/{id} (AccountsProfile): a user's details, companies and roles. Your own profile
 * comes from /users/info/logged (any signed-in user); others from /users/{id} (ADMIN, Client Admin).
 */
export function ProfilePage() {
  const { t } = useTranslation();
  const time = useTimeFormat();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const currentUserQuery = useCurrentUserQuery();
  const selfId = currentUserQuery.data?.id ?? null;
  const isSelf = selfId !== null && selfId === id;
  const userQuery = useUserQuery(selfId === null || isSelf ? null : id);
  const canManage = useRoleCheck({ group: 'accounts' }) === true;
  const isAdmin = useRoleCheck({ roles: ['ROLE_ADMIN'] }) === true;
  const currentCompanyId = useSession((s) => s.currentCompanyId);
  const [editing, setEditing] = useState(false);
  const actionsFor = useUserActions({ selfId, onEdit: () => setEditing(true) });

  const user: User | undefined = isSelf ? currentUserQuery.data : userQuery.data;
  const error = isSelf ? currentUserQuery.error : userQuery.error;

  if (!user) {
    return error ? (
      <Alert color="red" variant="light" role="alert" title={t('accounts.profile.loadFailed')}>
        {error.message}
      </Alert>
    ) : (
      <Group justify="center" p="xl">
        <Loader type="dots" />
      </Group>
    );
  }

  const fullName = `${user.name} ${user.surname}`.trim();
  return (
    <Stack gap="lg">
      {canManage && (
        <Anchor component={Link} to="/app/accounts" size="sm">
          ← {t('accounts.profile.backToUsers')}
        </Anchor>
      )}
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="flex-start">
          <Group gap="md">
            <Avatar color="blue" radius="xl" size={56}>
              {`${user.name.charAt(0)}${user.surname.charAt(0)}`.toUpperCase()}
            </Avatar>
            <div>
              <Title order={2} size="h3">
                {fullName}
              </Title>
              <Text c="dimmed" size="sm">
                {user.email}
              </Text>
            </div>
          </Group>
          <Group gap="xs">
            {isSelf && (
              <Button variant="default" onClick={() => void navigate('/app/change-password')}>
                {t('shell.settingsChangePassword')}
              </Button>
            )}
            {canManage && (
              <>
                <Button onClick={() => setEditing(true)}>{t('common.edit')}</Button>
                {!isSelf && (
                  <RowActionsMenu
                    label={t('common.actionsFor', { name: fullName })}
                    actions={actionsFor(user).filter((action) => action.key !== 'edit')}
                  />
                )}
              </>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="lg">
          <LabeledValue label={t('accounts.users.phone')}>{user.phone ?? '—'}</LabeledValue>
          <LabeledValue label={t('accounts.users.state')}>
            <UserStateBadge state={user.state.name} />
          </LabeledValue>
          <LabeledValue label={t('accounts.users.createdAt')}>{time.dateTime(user.createdAt)}</LabeledValue>
        </SimpleGrid>
      </Paper>
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('accounts.profile.profiles')}
        </Title>
        <Table withTableBorder verticalSpacing="sm" aria-label={t('accounts.profile.profiles')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('accounts.users.company')}</Table.Th>
              <Table.Th>{t('accounts.users.roles')}</Table.Th>
              <Table.Th>{t('accounts.users.state')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {user.userProfiles.map((profile) => (
              <Table.Tr key={profile.id}>
                <Table.Td>{profile.company?.businessName ?? t('accounts.users.kindStaff')}</Table.Td>
                <Table.Td>
                  <RoleBadges roles={profile.profileRoles} />
                </Table.Td>
                <Table.Td>
                  <UserStateBadge state={profile.state.name} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {user.userProfiles.length === 0 && (
          <Text c="dimmed" size="sm">
            {t('accounts.profile.noProfiles')}
          </Text>
        )}
      </Stack>
      {editing && (
        <UserFormModal
          userId={user.id}
          mode={{ isAdmin, currentCompanyId }}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
