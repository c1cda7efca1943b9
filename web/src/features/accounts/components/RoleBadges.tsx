import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isGlobalRole } from '@aforo/contracts/roles';
import type { Role } from '@aforo/contracts/roles';

/** Role names, translated; provider roles in a different colour. */
export function RoleBadges({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="light" radius="sm" color={isGlobalRole(role) ? 'grape' : 'blue'} tt="none">
          {t(`roles.${role}`)}
        </Badge>
      ))}
    </Group>
  );
}
