/** What a route declares in its `handle`: the roles it needs (docs/ROLES.md) and its translated title. */
import type { RouteGroup } from '@aforo/contracts/roles';

export interface RouteHandle {
  /** Route group of docs/ROLES.md whose roles this route requires; omitted = any signed-in user. */
  group?: RouteGroup;
  /** i18n key of the screen title. */
  titleKey?: string;
}

export function readRouteHandle(handle: unknown): RouteHandle {
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}
