import { Alert, Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api';
import { useActivateUserMutation, useActivationInfoQuery } from '../api';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordForm } from '../components/NewPasswordForm';

/** /activate/user/{token}: a new user sets their first password from the mailed link. */
export function ActivateUserPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const info = useActivationInfoQuery(token);
  const activate = useActivateUserMutation(token);

  if (activate.isSuccess) {
    return (
      <AuthCard title={t('auth.activate.doneTitle')}>
        <Stack gap="lg">
          <Text>{t('auth.activate.done', { email: info.data?.email ?? '' })}</Text>
          <Button component={Link} to="/login" fullWidth size="md">
            {t('auth.goToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (info.isPending) {
    return (
      <AuthCard title={t('auth.activate.title')}>
        <Group justify="center" p="lg">
          <Loader type="dots" />
        </Group>
      </AuthCard>
    );
  }

  const invalidLink = (message: string) => (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title={message}>
        {t('auth.activate.askAdmin')}
      </Alert>
      <Anchor component={Link} to="/login" ta="center" size="sm">
        {t('auth.backToLogin')}
      </Anchor>
    </Stack>
  );

  // PU1000: the link was already used to activate this account, which can simply sign in
  const alreadyActive = isApiError(info.error) && info.error.code === 'PU1000';
  if (alreadyActive || (isApiError(activate.error) && activate.error.code === 'PU1000')) {
    const error = alreadyActive ? info.error : activate.error;
    return (
      <AuthCard title={t('auth.activate.title')}>
        <Stack gap="lg">
          <Alert color="blue" variant="light" role="status" title={error?.message}>
            {t('auth.activate.alreadyActive')}
          </Alert>
          <Button component={Link} to="/login" fullWidth size="md">
            {t('auth.goToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (info.error || !info.data) {
    return <AuthCard title={t('auth.activate.title')}>{invalidLink(info.error?.message ?? '')}</AuthCard>;
  }

  return (
    <AuthCard
      title={t('auth.activate.welcome', { name: info.data.name })}
      subtitle={t('auth.activate.subtitle', { email: info.data.email })}
    >
      <NewPasswordForm
        submitLabel={t('auth.activate.submit')}
        pending={activate.isPending}
        error={activate.error && `${activate.error.message} ${t('auth.activate.askAdmin')}`}
        onSubmit={(values) => activate.mutate(values)}
      />
    </AuthCard>
  );
}
