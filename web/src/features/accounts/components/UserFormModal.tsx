import { Alert, Group, Loader, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { useCompanyOptionsQuery, useUserQuery } from '../api';
import { emptyUserFormValues, userFormValuesFrom } from '../user-form';
import type { UserFormMode, UserKind } from '../user-form';
import { UserFormDialog } from './UserFormDialog';

export interface UserFormModalProps {
  /** null = a new user. */
  userId: string | null;
  mode: UserFormMode;
  /** For a new user: provider staff or a company user (ADMIN only). */
  defaultKind?: UserKind;
  onClose: () => void;
}

/** Loads what the user form needs (the user, the companies an ADMIN may choose) and shows it. */
export function UserFormModal({ userId, mode, defaultKind = 'company', onClose }: UserFormModalProps) {
  const { t } = useTranslation();
  const userQuery = useUserQuery(userId);
  const companiesQuery = useCompanyOptionsQuery(mode.isAdmin);
  const { data: currentUser } = useCurrentUserQuery();

  const companies = mode.isAdmin
    ? (companiesQuery.data?.rows ?? []).map((company) => ({ value: company.id, label: company.businessName }))
    : [];
  const companyName =
    currentUser?.companies.find((company) => company.id === mode.currentCompanyId)?.businessName ?? null;
  const isLoading = (userId !== null && userQuery.isPending) || (mode.isAdmin && companiesQuery.isPending);
  const error = userQuery.error ?? companiesQuery.error;

  if (isLoading || error) {
    return (
      <Modal
        opened
        onClose={onClose}
        title={userId ? t('accounts.users.edit') : t('accounts.users.new')}
        centered
      >
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error.message}
          </Alert>
        ) : (
          <Group justify="center" p="xl">
            <Loader type="dots" />
          </Group>
        )}
      </Modal>
    );
  }

  const initialValues = userQuery.data
    ? userFormValuesFrom(userQuery.data, mode)
    : emptyUserFormValues(mode, defaultKind);
  return (
    <UserFormDialog
      userId={userId}
      initialValues={initialValues}
      mode={mode}
      companies={companies}
      companyName={companyName}
      identityLocked={userQuery.data?.editableIdentity === false}
      onClose={onClose}
    />
  );
}
