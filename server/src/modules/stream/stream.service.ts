/**
 * Who may open the live stream: every signed-in user who sees the company's dashboards (spectators
 * included, docs/ROLES.md), in a current company; provider staff may ask every company's (scope=all,
 * docs/WEB.md "All companies").
 */
import type { NetworkScopeQuery } from '@aforo/contracts/common/network-scope';
import { assertCan } from '../../core/access';
import { networkViewer } from '../../core/network-scope';
import { AppError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import type { StreamConnection } from '../../streaming/stream-hub';
import type { Deps } from '../../deps';

export function createStreamService({ streamHub: hub }: Deps) {
  return {
    open(
      ctx: RequestContext,
      connection: Omit<StreamConnection, 'userId' | 'companyId' | 'network'>,
      lastEventId?: string,
      scope: NetworkScopeQuery = {},
    ) {
      assertCan(ctx, 'dashboard.read');
      // provider staff's network view: every company's messages (403 for anyone else)
      const network = networkViewer(ctx, scope).everyCompany === true;
      if (!network && !ctx.companyId) throw new AppError('DR1002');
      const full: StreamConnection = {
        ...connection,
        userId: userOf(ctx).userId,
        companyId: ctx.companyId ?? '',
        network,
      };
      hub.open(full, lastEventId);
      return () => hub.closeConnection(full);
    },
  };
}
export type StreamService = ReturnType<typeof createStreamService>;
