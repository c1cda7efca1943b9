/** The one access check of services: right held for the current company, else 403. */
import { hasRight, type Right } from '@aforo/contracts/roles';
import { ForbiddenError } from '../core/errors';
import type { RequestContext } from '../core/request-context';

export function can(ctx: RequestContext, right: Right): boolean {
  return hasRight(ctx.profiles, ctx.companyId, right);
}

export function assertCan(ctx: RequestContext, right: Right): void {
  if (!can(ctx, right)) throw new ForbiddenError();
}
