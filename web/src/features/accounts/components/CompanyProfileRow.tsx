import { CloseButton, Group, Paper, Select, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { Role } from '@aforo/contracts/roles';
import type { UserFormValues } from '../user-form';
import { RoleCheckboxes } from './RoleCheckboxes';

export interface CompanyProfileRowProps {
  form: UseFormReturnType<UserFormValues>;
  index: number;
  companies: { value: string; label: string }[];
  removable: boolean;
}

/** One company profile of the ADMIN's user form: the company and the roles in it. */
export function CompanyProfileRow({ form, index, companies, removable }: CompanyProfileRowProps) {
  const { t } = useTranslation();
  const path = `companyProfiles.${index}` as const;
  const profile = form.getValues().companyProfiles[index];
  return (
    <Paper withBorder p="sm" radius="md" shadow="none">
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap" gap="xs">
          <Select
            label={t('accounts.users.company')}
            placeholder={t('accounts.users.companyPlaceholder')}
            data={companies}
            searchable
            withAsterisk
            style={{ flex: 1 }}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps(`${path}.companyId`)}
          />
          {removable && (
            <CloseButton
              aria-label={t('accounts.users.removeCompany')}
              mb={6}
              onClick={() => form.removeListItem('companyProfiles', index)}
            />
          )}
        </Group>
        <RoleCheckboxes
          label={t('accounts.users.roles')}
          scope="company"
          value={profile?.roles ?? []}
          onChange={(roles: Role[]) => form.setFieldValue(`${path}.roles`, roles)}
          error={form.errors[`${path}.roles`]}
        />
      </Stack>
    </Paper>
  );
}
