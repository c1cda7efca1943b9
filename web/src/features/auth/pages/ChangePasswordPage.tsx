import { Paper, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { usePasswordUserId } from '../use-password-user-id';

/** /app/change-password: any signed-in user changes their password inside the shell. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const userId = usePasswordUserId();
  return (
    <Stack gap="lg" maw={480}>
      <Title order={1} size="h2">
        {t('auth.changePasswordTitle')}
      </Title>
      <Paper withBorder radius="md" p="xl">
        <ChangePasswordForm userId={userId} />
      </Paper>
    </Stack>
  );
}
