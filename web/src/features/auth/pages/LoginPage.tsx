import { Anchor, Text } from '@mantine/core';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { salesEmail } from '../../../lib/contact';
import { isSafeReturnPath, useSession } from '../../../lib/session';
import { AuthCard } from '../components/AuthCard';
import { LoginForm } from '../components/LoginForm';

/** Sign-in (docs/WEB.md) with forgot-password and sign-up links; a signed-in visitor goes on to the app. */
export function LoginPage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const returnPath = useSession((s) => s.returnPath);
  if (token) return <Navigate to={isSafeReturnPath(returnPath) ? returnPath : '/app/dashboard'} replace />;

  const signUpHref = `mailto:${salesEmail}?subject=${encodeURIComponent(t('auth.signUpSubject'))}&body=${encodeURIComponent(t('auth.signUpBody'))}`;
  return (
    <AuthCard title={t('auth.loginTitle')} subtitle={t('auth.loginSubtitle')}>
      <LoginForm />
      <Text ta="center" size="sm" mt="lg" c="dimmed">
        {t('auth.noAccount')}{' '}
        <Anchor href={signUpHref} fw={500}>
          {t('auth.signUp')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
