import { Alert, Button, Checkbox, Group, Input, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@aforo/contracts/roles';
import { rolesOfScope, useRolesQuery } from '../../../lib/roles';

export interface RoleCheckboxesProps {
  label: string;
  /** Which roles to offer: a client company's profile or provider staff's global one. */
  scope: 'global' | 'company';
  value: Role[];
  onChange: (roles: Role[]) => void;
  error?: ReactNode;
}

/** The roles of a scope as checkboxes, named and ordered by the server's role list. */
export function RoleCheckboxes({ label, scope, value, onChange, error }: RoleCheckboxesProps) {
  const { t } = useTranslation();
  const query = useRolesQuery();

  if (query.isPending || query.isError) {
    return (
      <Input.Wrapper label={label} withAsterisk error={error}>
        {query.isPending ? (
          <Group mt={6}>
            <Loader size="sm" type="dots" aria-label={t('accounts.roleList.loading')} />
          </Group>
        ) : (
          <Alert color="red" variant="light" role="alert" mt={6} title={t('accounts.roleList.loadFailed')}>
            <Button size="xs" variant="light" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </Alert>
        )}
      </Input.Wrapper>
    );
  }

  return (
    <Checkbox.Group
      label={label}
      withAsterisk
      value={value}
      onChange={(next) => onChange(next as Role[])}
      error={error}
    >
      <Group gap="md" mt={6}>
        {rolesOfScope(query.data, scope).map((role) => (
          <Checkbox key={role.id} value={role.id} label={role.label} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
