import { Badge, Group, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Role } from '@aforo/contracts/roles';
import { useRoleLabel, useRolesQuery } from '../../../lib/roles';

/** Role names from the server's role list; provider roles in a different colour. */
export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  const query = useRolesQuery();
  const label = useRoleLabel();
  if (query.isPending) return <Loader size="xs" type="dots" aria-label={t('accounts.roleList.loading')} />;
  const scopes = new Map((query.data ?? []).map((r) => [r.id, r.scope]));
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge
          key={role}
          variant="light"
          radius="sm"
          color={scopes.get(role) === 'global' ? 'grape' : 'blue'}
          tt="none"
          // without the list the role's id is shown, and the reason on hover
          title={query.isError ? t('accounts.roleList.loadFailed') : undefined}
        >
          {label(role)}
        </Badge>
      ))}
    </Group>
  );
}
