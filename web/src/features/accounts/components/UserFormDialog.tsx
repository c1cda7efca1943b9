import { Alert, Loader, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languages } from '@aforo/contracts/constants';
import { emailSchema } from '@aforo/contracts/common/text';
import { isApiError } from '../../../lib/api';
import { applyServerError } from '../../../lib/form-validation';
import { FormModal } from '../../../ui/FormModal';
import { showToast } from '../../../ui/toasts';
import { useSaveUserMutation, validateUserEmail } from '../api';
import { companyForEmailCheck, toUserInput, validateUserForm } from '../user-form';
import type { UserFormMode, UserFormValues } from '../user-form';
import { ProfilesFields } from './ProfilesFields';

/** Codes of the email check and of saving that belong under the email field. */
const emailCodes = ['U1009', 'U1013', 'UP1003', 'UP1011', 'UP1012', 'UP1013', 'UP1014'];

export interface UserFormDialogProps {
  /** null = a new user. */
  userId: string | null;
  initialValues: UserFormValues;
  mode: UserFormMode;
  companies: { value: string; label: string }[];
  companyName: string | null;
  /** A user who also belongs elsewhere: a client admin changes only their company's profile. */
  identityLocked?: boolean;
  onClose: () => void;
}

/** Create or edit a user; a new user's email is checked with the server first (docs/VALIDATION.md). */
export function UserFormDialog({
  userId,
  initialValues,
  mode,
  companies,
  companyName,
  identityLocked = false,
  onClose,
}: UserFormDialogProps) {
  const { t } = useTranslation();
  const save = useSaveUserMutation();
  const [checkingEmail, setCheckingEmail] = useState(false);
  const isNew = userId === null;
  const form = useForm<UserFormValues>({
    initialValues,
    validate: (values) => validateUserForm(values, mode),
  });

  /** True when the email may be used; otherwise the code's message goes under the field. */
  const checkEmail = async (values: UserFormValues): Promise<boolean> => {
    if (!isNew || !emailSchema.safeParse(values.email).success) return true;
    setCheckingEmail(true);
    try {
      await validateUserEmail(emailSchema.parse(values.email), companyForEmailCheck(values, mode));
      return true;
    } catch (error) {
      if (
        isApiError(error) &&
        (emailCodes.includes(error.code) || error.status === 400 || error.status === 409)
      ) {
        form.setFieldError('email', error.message);
        return false;
      }
      return true; // the check itself failed (network): saving will tell
    } finally {
      setCheckingEmail(false);
    }
  };

  const handleSubmit = async (values: UserFormValues) => {
    if (!(await checkEmail(values))) return;
    const body = toUserInput(values, mode);
    save.mutate(
      { id: userId, body },
      {
        onSuccess: (user) => {
          showToast(
            'success',
            isNew ? t('accounts.users.created', { email: user.email }) : t('accounts.users.saved'),
          );
          onClose();
        },
        onError: (error) => {
          const handled = applyServerError(
            form,
            error,
            Object.fromEntries(emailCodes.map((c) => [c, 'email'])),
          );
          if (!handled) showToast('error', error.message);
        },
      },
    );
  };

  const emailProps = form.getInputProps('email');
  return (
    <FormModal
      opened
      size="lg"
      title={isNew ? t('accounts.users.new') : t('accounts.users.edit')}
      onClose={onClose}
      onSubmit={form.onSubmit((values) => void handleSubmit(values))}
      submitting={save.isPending || checkingEmail}
      submitLabel={isNew ? t('accounts.users.create') : t('common.save')}
    >
      {identityLocked && (
        <Alert color="blue" variant="light">
          {t('accounts.users.identityLocked')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('accounts.users.name')}
          withAsterisk
          data-autofocus
          readOnly={identityLocked}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={t('accounts.users.surname')}
          withAsterisk
          readOnly={identityLocked}
          {...form.getInputProps('surname')}
        />
      </SimpleGrid>
      <TextInput
        label={t('accounts.users.email')}
        type="email"
        withAsterisk
        readOnly={!isNew}
        description={isNew ? t('accounts.users.emailHint') : undefined}
        rightSection={checkingEmail ? <Loader size="xs" type="dots" /> : null}
        {...emailProps}
        onBlur={(event) => {
          emailProps.onBlur?.(event);
          void checkEmail(form.getValues());
        }}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('accounts.users.phone')}
          type="tel"
          readOnly={identityLocked}
          {...form.getInputProps('phone')}
        />
        <Select
          label={t('accounts.users.language')}
          readOnly={identityLocked}
          data={languages.map((language) => ({ value: language, label: t(`common.languages.${language}`) }))}
          allowDeselect={false}
          {...form.getInputProps('language')}
        />
      </SimpleGrid>
      <ProfilesFields form={form} mode={mode} companies={companies} companyName={companyName} />
    </FormModal>
  );
}
