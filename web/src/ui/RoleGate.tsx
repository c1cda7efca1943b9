import type { ReactNode } from 'react';
import type { Role, RouteGroup } from '@aforo/contracts/roles';
import { useRoleCheck } from '../lib/current-user';

export interface RoleGateProps {
  /** Shown when the effective profile holds any of these roles. */
  roles?: readonly Role[];
  /** Or when the user may use this route group of docs/ROLES.md. */
  group?: RouteGroup;
  /** Shown instead when the check fails (nothing by default). */
  fallback?: ReactNode;
  children: ReactNode;
}

/** Shows its children only to users passing the role check; nothing while the user is loading. */
export function RoleGate({ roles, group, fallback = null, children }: RoleGateProps) {
  const allowed = useRoleCheck({ roles, group });
  if (allowed === undefined) return null;
  return <>{allowed ? children : fallback}</>;
}
