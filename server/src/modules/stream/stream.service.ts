/**
 * Who may open the live stream: every signed-in user who sees the company's dashboards (spectators
 * included, docs/ROLES.md), in a current company (provider staff choose a client first).
 */
import { assertCan } from '../../core/access';
import { AppError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import type { StreamConnection } from '../../streaming/stream-hub';
import type { Deps } from '../../deps';

export function createStreamService({ streamHub: hub }: Deps) {
  return {
    open(
      ctx: RequestContext,
      connection: Omit<StreamConnection, 'userId' | 'companyId'>,
      lastEventId?: string,
    ) {
      assertCan(ctx, 'dashboard.read');
      if (!ctx.companyId) throw new AppError('DR1002');
      const full: StreamConnection = { ...connection, userId: userOf(ctx).userId, companyId: ctx.companyId };
      hub.open(full, lastEventId);
      return () => hub.closeConnection(full);
    },
  };
}
export type StreamService = ReturnType<typeof createStreamService>;
