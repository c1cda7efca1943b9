/**
 * My notifications (every signed-in user, in the current company), my quiet hours there, and the
 * company's delivery record (notifications.manage: ADMIN, ADMIN_CLIENTE). A notification of another
 * user or company answers 404.
 */
import type {
  NotificationDeliveryListQuery,
  NotificationListQuery,
  NotificationPreferences,
} from '@aforo/contracts/notifications';
import { assertCan } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import { toDelivery, toNotification } from '../../notifying/notifications.mapper';
import { createNotificationsRepository } from '../../notifying/notifications.repository';
import type { Deps } from '../../deps';

export function createNotificationsService({ db }: Deps) {
  const repo = createNotificationsRepository(db);
  const mine = (ctx: RequestContext) => ({ userId: userOf(ctx).userId, companyId: ctx.companyId });

  return {
    async list(ctx: RequestContext, query: NotificationListQuery) {
      const { rows, total, unread } = await repo.listMine(mine(ctx), query);
      return { rows: rows.map(toNotification), total, unread };
    },

    async read(ctx: RequestContext, id: string) {
      const row = await repo.findMine(mine(ctx), id);
      if (!row) throw new NotFoundError('N1000');
      await repo.markRead(mine(ctx), [id]);
      return toNotification((await repo.findMine(mine(ctx), id))!);
    },

    async readAll(ctx: RequestContext) {
      return { changed: await repo.markRead(mine(ctx), 'all') };
    },

    async preferences(ctx: RequestContext): Promise<NotificationPreferences> {
      if (ctx.companyId === null) throw new NotFoundError('CO1000');
      return { quietHours: await repo.quietHours(mine(ctx)) };
    },

    async setPreferences(
      ctx: RequestContext,
      body: NotificationPreferences,
    ): Promise<NotificationPreferences> {
      if (ctx.companyId === null) throw new NotFoundError('CO1000');
      await repo.setQuietHours(userOf(ctx).userId, ctx.companyId, body.quietHours);
      return { quietHours: await repo.quietHours(mine(ctx)) };
    },

    async deliveries(ctx: RequestContext, query: NotificationDeliveryListQuery) {
      assertCan(ctx, 'notifications.manage');
      const { rows, total } = await repo.listDeliveries(ctx, query);
      return { rows: rows.map(toDelivery), total };
    },
  };
}
export type NotificationsService = ReturnType<typeof createNotificationsService>;
