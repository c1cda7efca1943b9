import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { loginRequestSchema } from '@aforo/contracts/auth';
import type { LoginRequest } from '@aforo/contracts/auth';
import { isApiError } from '../../../lib/api';
import { schemaValidator } from '../../../lib/form-validation';
import { useLoginMutation } from '../api';

/**
 * Email + password, validated with the contract; server errors are shown in the form's language.
 * Wrong credentials (PU1010) read as a plain sentence under "Could not sign in": the catalogue's
 * "Unauthorized:" prefix is for API clients, not for a person at the sign-in form.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const login = useLoginMutation();
  const form = useForm<LoginRequest>({
    mode: 'uncontrolled',
    initialValues: { username: '', password: '' },
    validate: schemaValidator<LoginRequest>(loginRequestSchema),
    validateInputOnBlur: false,
  });

  const handleSubmit = (values: LoginRequest) => {
    login.mutate(loginRequestSchema.parse(values), {
      onError: (error) => {
        if (isApiError(error) && Object.keys(error.fields).length > 0) form.setErrors(error.fields);
      },
    });
  };

  return (
    <form onSubmit={form.onSubmit(handleSubmit)} noValidate>
      <Stack gap="md">
        {login.error && (
          <Alert color="red" variant="light" title={t('auth.signInFailed')} role="alert">
            {isApiError(login.error) && login.error.code === 'PU1010'
              ? t('auth.wrongCredentials')
              : login.error.message}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="username"
          withAsterisk
          key={form.key('username')}
          {...form.getInputProps('username')}
        />
        <Stack gap={6}>
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.togglePasswordVisibility') }}
            label={t('auth.password')}
            placeholder={t('auth.passwordPlaceholder')}
            autoComplete="current-password"
            withAsterisk
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/restore-password" size="sm">
              {t('auth.forgotPassword')}
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </form>
  );
}
