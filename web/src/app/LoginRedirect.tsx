import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { sessionStore } from '../lib/session';
import { loginPath } from './guard';

/** Sends a visitor to /login, remembering where they wanted to go. */
export function LoginRedirect({ from }: { from: string }) {
  useEffect(() => {
    sessionStore.rememberReturnPath(from);
  }, [from]);
  return <Navigate to={loginPath} replace />;
}
