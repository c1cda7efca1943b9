import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { passwordMinLength } from '@aforo/contracts/constants';
import { activateUserSchema } from '@aforo/contracts/public-auth';
import type { ActivateUser } from '@aforo/contracts/public-auth';
import { schemaValidator } from '../../../lib/form-validation';

export interface NewPasswordFormProps {
  submitLabel: string;
  pending: boolean;
  /** Shown above the fields (e.g. an invalid link). */
  error?: ReactNode;
  onSubmit: (values: ActivateUser) => void;
}

/** New password + repeat, validated with the contract (at least 10 characters, both equal). */
export function NewPasswordForm({ submitLabel, pending, error, onSubmit }: NewPasswordFormProps) {
  const { t } = useTranslation();
  const form = useForm<ActivateUser>({
    mode: 'uncontrolled',
    initialValues: { password: '', confirmPassword: '' },
    validate: schemaValidator<ActivateUser>(activateUserSchema),
  });
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
          label={t('auth.newPassword')}
          description={t('auth.newPasswordHint', { min: passwordMinLength })}
          autoComplete="new-password"
          withAsterisk
          data-autofocus
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
        <Button type="submit" fullWidth size="md" loading={pending}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
