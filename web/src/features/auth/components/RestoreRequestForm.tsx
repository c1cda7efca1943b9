import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { restoreRequestSchema } from '@aforo/contracts/public-auth';
import type { RestoreRequest } from '@aforo/contracts/public-auth';
import { schemaValidator } from '../../../lib/form-validation';
import { useRequestRestoreMutation } from '../api';

/** Asks for the email; whatever the account, the answer is the same (no account enumeration). */
export function RestoreRequestForm() {
  const { t } = useTranslation();
  const request = useRequestRestoreMutation();
  const form = useForm<RestoreRequest>({
    mode: 'uncontrolled',
    initialValues: { email: '' },
    validate: schemaValidator<RestoreRequest>(restoreRequestSchema),
  });

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" title={t('auth.restore.sentTitle')} role="status">
          {t('auth.restore.sent', { email: request.variables.email })}
        </Alert>
        <Anchor component={Link} to="/login" ta="center" size="sm">
          {t('auth.backToLogin')}
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.onSubmit((values) => request.mutate(restoreRequestSchema.parse(values)))} noValidate>
      <Stack gap="md">
        {request.error && (
          <Alert color="red" variant="light" role="alert">
            {request.error.message}
          </Alert>
        )}
        <TextInput
          label={t('auth.email')}
          placeholder={t('auth.emailPlaceholder')}
          type="email"
          autoComplete="username"
          withAsterisk
          data-autofocus
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          {t('auth.restore.send')}
        </Button>
        <Text ta="center" size="sm">
          <Anchor component={Link} to="/login">
            {t('auth.backToLogin')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
