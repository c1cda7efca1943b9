import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useRestorePasswordMutation } from '../api';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';
import { RestoreRequestForm } from '../components/RestoreRequestForm';

/**
 * /restore-password: without a token, asks for the email to send a link to; with the mailed
 * ?token, sets the new password and goes on to /confirm-restore-password.
 */
export function RestorePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');
  const restore = useRestorePasswordMutation();

  if (!token) {
    return (
      <AuthCard title={t('auth.restore.title')} subtitle={t('auth.restore.subtitle')}>
        <RestoreRequestForm />
      </AuthCard>
    );
  }

  const error = restore.error && (
    <Stack gap={4}>
      <Text size="sm">{restore.error.message}</Text>
      {isApiError(restore.error) && restore.error.code === 'U1010' && (
        <Anchor component={Link} to="/restore-password" size="sm" onClick={() => restore.reset()}>
          {t('auth.restore.requestAgain')}
        </Anchor>
      )}
    </Stack>
  );
  return (
    <AuthCard title={t('auth.restore.newTitle')} subtitle={t('auth.restore.newSubtitle')}>
      <NewPasswordForm
        submitLabel={t('auth.restore.save')}
        pending={restore.isPending}
        error={error}
        onSubmit={(values) =>
          restore.mutate(
            { token, ...values },
            { onSuccess: () => void navigate('/confirm-restore-password', { replace: true }) },
          )
        }
      />
    </AuthCard>
  );
}
