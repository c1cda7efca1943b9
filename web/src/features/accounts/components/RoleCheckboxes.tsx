import { Checkbox, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role } from '@aforo/contracts/roles';

export interface RoleCheckboxesProps {
  label: string;
  roles: readonly Role[];
  value: Role[];
  onChange: (roles: Role[]) => void;
  error?: ReactNode;
}

/** The roles the caller may grant, as translated checkboxes. */
export function RoleCheckboxes({ label, roles, value, onChange, error }: RoleCheckboxesProps) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={label}
      withAsterisk
      value={value}
      onChange={(next) => onChange(next as Role[])}
      error={error}
    >
      <Group gap="md" mt={6}>
        {roles.map((role) => (
          <Checkbox key={role} value={role} label={t(`roles.${role}`)} />
        ))}
      </Group>
    </Checkbox.Group>
  );
}
