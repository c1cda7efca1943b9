import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { showToast } from '../ui/toasts';

export interface ForbiddenRedirectProps {
  to: string;
  /** i18n key of the title of the screen that was asked for, when the route names one. */
  screenKey?: string;
}

/** Id of the no-access toast: one on screen at a time, however often the guard answers. */
export const noAccessToastId = 'no-access';

/**
 * The guard's answer to a screen the user's roles do not open (docs/WEB.md "Navigation guard"):
 * the dashboard, with a toast that says which screen they have no access to.
 */
export function ForbiddenRedirect({ to, screenKey }: ForbiddenRedirectProps) {
  const { t } = useTranslation();
  const message = screenKey ? t('session.noAccessTo', { screen: t(screenKey) }) : t('session.noAccess');
  useEffect(() => {
    showToast('warning', message, t('session.noAccessTitle'), { id: noAccessToastId });
  }, [message, t]);
  return <Navigate to={to} replace />;
}
