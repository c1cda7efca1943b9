/**
 * The provider's network view (docs/WEB.md "All companies"): which companies a network list reads.
 * `scope=all` is for provider staff and the system only — a client user asking it gets 403, not a
 * silently narrowed list; `companyId` narrows it to one company (any company, as provider staff may
 * select any). Without `scope`, the caller's current company as everywhere else.
 */
import type { NetworkScopeQuery } from '@aforo/contracts/common/network-scope';
import type { Viewer } from '../db/scope';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from './errors';
import { actorId, type RequestContext, viewerOf } from './request-context';

export function networkViewer(ctx: RequestContext, query: NetworkScopeQuery): Viewer {
  if (query.scope !== 'all') {
    if (query.companyId !== undefined) throw new ValidationError({ companyId: 'invalid' });
    return viewerOf(ctx);
  }
  if (!ctx.isGlobal) throw new ForbiddenError();
  const userId = actorId(ctx);
  if (query.companyId !== undefined) return { companyId: query.companyId, userId };
  return { companyId: null, everyCompany: true, userId };
}

/** Whether a list reads more than one company (its rows then name their company). */
export function isNetworkWide(viewer: Viewer): boolean {
  return viewer.everyCompany === true;
}

/**
 * The one company a call is about: the current one, or one provider staff name (`companyId`); a
 * client naming another company gets 404 (no existence leak), a caller without a company DR1002.
 */
export function namedCompany(ctx: RequestContext, companyId: string | undefined): string {
  if (companyId !== undefined && companyId !== ctx.companyId && !ctx.isGlobal)
    throw new NotFoundError('CO1000');
  const id = companyId ?? ctx.companyId;
  if (id === null) throw new ConflictError('DR1002');
  return id;
}
