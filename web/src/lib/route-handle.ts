/** What a route declares in its `handle`: the roles it needs (docs/ROLES.md) and its translated title. */
import { useMatches } from 'react-router';
import type { Role, RouteGroup } from '@aforo/contracts/roles';

export interface RouteHandle {
  /** Route group of docs/ROLES.md whose roles this route requires; omitted = any signed-in user. */
  group?: RouteGroup;
  /**
   * Roles of which the user needs one, beside the group: a screen open to a set no group names (the
   * agreed exclusions: provider staff and the client's admins). Each matched route's list must pass.
   */
  roles?: readonly Role[];
  /** i18n key of the screen title. */
  titleKey?: string;
  /**
   * A network screen (docs/WEB.md "All companies"): provider staff may read it across every client
   * company, so the header's company selector offers "All companies" there.
   */
  network?: boolean;
}

export function readRouteHandle(handle: unknown): RouteHandle {
  return handle && typeof handle === 'object' ? (handle as RouteHandle) : {};
}

/** Whether the screen shown is a network screen (any matched route says `network: true`). */
export function useIsNetworkRoute(): boolean {
  return useMatches().some((match) => readRouteHandle(match.handle).network === true);
}
