import { Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthCard } from '../components/AuthCard';

/** /confirm-restore-password: the password was reset; on to the sign-in page. */
export function ConfirmRestorePasswordPage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('auth.restore.doneTitle')}>
      <Stack gap="lg">
        <Text>{t('auth.restore.done')}</Text>
        <Button component={Link} to="/login" fullWidth size="md">
          {t('auth.goToLogin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
