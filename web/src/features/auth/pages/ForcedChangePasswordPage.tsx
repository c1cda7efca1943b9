import { Alert, Button, Stack } from '@mantine/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCurrentUserQuery } from '../../../lib/current-user';
import { isSafeReturnPath, sessionStore } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { usePasswordUserId } from '../use-password-user-id';

/** /change-password: where the guard keeps a user in "Change Password" state until the password changes. */
export function ForcedChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userId = usePasswordUserId();
  const { data: user } = useCurrentUserQuery();
  const isForced = !user || user.state.name === 'Change Password';

  const handleChanged = () => {
    const { returnPath } = sessionStore.getState();
    void navigate(
      isSafeReturnPath(returnPath) && returnPath !== '/change-password' ? returnPath : '/app/dashboard',
      {
        replace: true,
      },
    );
  };

  const handleSignOut = () => sessionStore.signOut(null);

  return (
    <AuthCard title={t('auth.changePasswordTitle')}>
      <Stack gap="md">
        {isForced && (
          <Alert color="orange" variant="light">
            {t('auth.changePasswordForced')}
          </Alert>
        )}
        <ChangePasswordForm userId={userId} onChanged={handleChanged} />
        <Button variant="subtle" color="gray" onClick={handleSignOut}>
          {t('shell.signOut')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
