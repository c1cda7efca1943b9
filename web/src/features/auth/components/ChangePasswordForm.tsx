import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { updatePasswordRequestSchema } from '@aforo/contracts/auth';
import type { UpdatePasswordRequest } from '@aforo/contracts/auth';
import { passwordMinLength } from '@aforo/contracts/constants';
import { isApiError } from '../../../lib/api';
import { schemaValidator } from '../../../lib/form-validation';
import { showToast } from '../../../ui/toasts';
import { useUpdatePasswordMutation } from '../api';

/** Server codes that belong to one field of the form. */
const fieldOfCode: Record<string, keyof UpdatePasswordRequest> = {
  AU1004: 'currentPassword',
  AU1005: 'password',
  AU1006: 'confirmPassword',
};

export interface ChangePasswordFormProps {
  userId: string | null;
  /** Called once the password is changed and the user info reloaded. */
  onChanged?: () => void;
}

export function ChangePasswordForm({ userId, onChanged }: ChangePasswordFormProps) {
  const { t } = useTranslation();
  const update = useUpdatePasswordMutation();
  const form = useForm<UpdatePasswordRequest>({
    mode: 'uncontrolled',
    initialValues: { currentPassword: '', password: '', confirmPassword: '' },
    validate: schemaValidator<UpdatePasswordRequest>(updatePasswordRequestSchema),
  });

  const handleSubmit = (body: UpdatePasswordRequest) => {
    if (!userId) return;
    update.mutate(
      { userId, body },
      {
        onSuccess: () => {
          form.reset();
          showToast('success', t('auth.changePasswordSuccess'));
          onChanged?.();
        },
        onError: (error) => {
          if (!isApiError(error)) return;
          const field = fieldOfCode[error.code];
          if (field) form.setFieldError(field, error.message);
          else if (Object.keys(error.fields).length > 0) form.setErrors(error.fields);
        },
      },
    );
  };

  const error = update.error;
  const showAlert =
    error && !(isApiError(error) && (fieldOfCode[error.code] || Object.keys(error.fields).length > 0));
  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {showAlert && (
          <Alert color="red" variant="light" title={t('auth.changePasswordFailed')} role="alert">
            {error.message}
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          label={t('auth.currentPassword')}
          autoComplete="current-password"
          withAsterisk
          key={form.key('currentPassword')}
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          label={t('auth.newPassword')}
          description={t('auth.newPasswordHint', { min: passwordMinLength })}
          autoComplete="new-password"
          withAsterisk
          key={form.key('password')}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          label={t('auth.confirmPassword')}
          autoComplete="new-password"
          withAsterisk
          key={form.key('confirmPassword')}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" loading={update.isPending} disabled={!userId}>
          {t('auth.changePasswordSubmit')}
        </Button>
      </Stack>
    </form>
  );
}
