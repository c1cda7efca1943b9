import { Button, Input, SegmentedControl, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { profileKey } from '../user-form';
import type { UserFormMode, UserFormValues, UserKind } from '../user-form';
import { CompanyProfileRow } from './CompanyProfileRow';
import { RoleCheckboxes } from './RoleCheckboxes';

export interface ProfilesFieldsProps {
  form: UseFormReturnType<UserFormValues>;
  mode: UserFormMode;
  /** Companies an ADMIN may choose from. */
  companies: { value: string; label: string }[];
  /** The Client Admin's company, named above its roles. */
  companyName: string | null;
}

/**
 * Where the user belongs and with which roles. A Client Admin picks company roles in its own
 * company; an ADMIN chooses provider staff (global roles) or one or more client companies.
 */
export function ProfilesFields({ form, mode, companies, companyName }: ProfilesFieldsProps) {
  const { t } = useTranslation();
  const values = form.getValues();

  if (!mode.isAdmin) {
    return (
      <RoleCheckboxes
        label={
          companyName ? t('accounts.users.rolesIn', { company: companyName }) : t('accounts.users.roles')
        }
        scope="company"
        value={values.companyProfiles[0]?.roles ?? []}
        onChange={(roles) => form.setFieldValue('companyProfiles.0.roles', roles)}
        error={form.errors['companyProfiles.0.roles']}
      />
    );
  }

  return (
    <Stack gap="sm">
      <Input.Wrapper label={t('accounts.users.kind')}>
        <SegmentedControl
          fullWidth
          mt={4}
          value={values.kind}
          onChange={(kind) => form.setFieldValue('kind', kind as UserKind)}
          data={[
            { value: 'company', label: t('accounts.users.kindCompany') },
            { value: 'staff', label: t('accounts.users.kindStaff') },
          ]}
        />
      </Input.Wrapper>
      {values.kind === 'staff' ? (
        <RoleCheckboxes
          label={t('accounts.users.globalRoles')}
          scope="global"
          value={values.globalRoles}
          onChange={(roles) => form.setFieldValue('globalRoles', roles)}
          error={form.errors.globalRoles}
        />
      ) : (
        <Stack gap="xs">
          {values.companyProfiles.map((profile, index) => (
            <CompanyProfileRow
              key={profile.key}
              form={form}
              index={index}
              companies={companies}
              removable={values.companyProfiles.length > 1}
            />
          ))}
          <Button
            variant="subtle"
            size="xs"
            style={{ alignSelf: 'flex-start' }}
            onClick={() =>
              form.insertListItem('companyProfiles', { key: profileKey(), companyId: null, roles: [] })
            }
          >
            {t('accounts.users.addCompany')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
