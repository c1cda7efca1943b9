/** Route pieces for screens owned by later issues: the shared "coming soon" page with a title and role group. */
import type { RouteGroup } from '@aforo/contracts/roles';
import type { RouteHandle } from '../lib/route-handle';
import { ComingSoonPage } from './ComingSoonPage';

export function comingSoon(
  titleKey: string,
  group?: RouteGroup,
): { Component: typeof ComingSoonPage; handle: RouteHandle } {
  return { Component: ComingSoonPage, handle: group ? { titleKey, group } : { titleKey } };
}
