/**
 * Notification configs of the current company (docs/ALERTS.md, docs/VALIDATION.md): ADMIN and ADMIN_CLIENTE
 * (right notifications.manage). Another company's config answers 404. The users named must hold a
 * profile in the company (else 400 on userIds / escalation.userIds). A webhook URL whose host is an IP
 * of our own networks or localhost is refused (AL1004, SSRF) unless WEBHOOK_ALLOW_PRIVATE; names are
 * checked again, resolved, at each delivery (notifying/webhook.ts). Deleted for good: the history
 * of changes keeps what it was, its deliveries keep their record without it.
 */
import { fieldMessage } from '@aforo/contracts/errors';
import type {
  NotificationConfig,
  NotificationConfigInputParsed,
  NotificationConfigListQuery,
} from '@aforo/contracts/notification-configs';
import { assertCan } from '../../core/access';
import { NotFoundError, ValidationError } from '../../core/errors';
import { isNonPublicHost } from '../../lib/ip-address';
import type { RequestContext } from '../../core/request-context';
import type { Db } from '../../db/client';
import { recordChange } from '../../core/history';
import { notificationConfigHistory, toNotificationConfig } from './notification-configs.mapper';
import {
  createNotificationConfigsRepository,
  type ConfigRow,
  type NotificationConfigsRepository,
} from './notification-configs.repository';
import type { Deps } from '../../deps';

export function createNotificationConfigsService({ db, transact, config }: Deps) {
  const reader = createNotificationConfigsRepository(db);

  async function found(repo: NotificationConfigsRepository, ctx: RequestContext, id: string) {
    const row = await repo.findInCompany(ctx, id);
    if (!row) throw new NotFoundError('N1000');
    return row;
  }

  async function assertUsers(
    repo: NotificationConfigsRepository,
    ctx: RequestContext,
    input: NotificationConfigInputParsed,
  ) {
    const fields: Record<string, string> = {};
    const check = async (ids: string[], field: string) => {
      const wanted = [...new Set(ids)];
      if ((await repo.usersInCompany(ctx, wanted)).length !== wanted.length)
        fields[field] = fieldMessage('invalid', ctx.lang);
    };
    await check(input.userIds, 'userIds');
    if (input.escalation) await check(input.escalation.userIds, 'escalation.userIds');
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }

  function assertWebhookAddress(ctx: RequestContext, input: NotificationConfigInputParsed) {
    if (!input.webhookUrl || config.allowPrivateWebhooks) return;
    if (isNonPublicHost(new URL(input.webhookUrl).hostname))
      throw new ValidationError({ webhookUrl: fieldMessage('webhookAddress', ctx.lang) }, 'AL1004');
  }

  async function audit(
    tx: Db,
    ctx: RequestContext,
    before: ConfigRow | null,
    after: ConfigRow | null,
    action: string,
  ) {
    const row = (after ?? before)!;
    await recordChange(tx, ctx, {
      entityType: 'notification_config',
      entityId: row.id,
      action,
      companyId: row.companyId,
      before: before && notificationConfigHistory(before),
      after: after && notificationConfigHistory(after),
    });
  }

  return {
    async list(ctx: RequestContext, query: NotificationConfigListQuery) {
      assertCan(ctx, 'notifications.manage');
      const { rows, total } = await reader.listInCompany(ctx, query);
      return { rows: rows.map(toNotificationConfig), total };
    },

    async get(ctx: RequestContext, id: string): Promise<NotificationConfig> {
      assertCan(ctx, 'notifications.manage');
      return toNotificationConfig(await found(reader, ctx, id));
    },

    create(ctx: RequestContext, input: NotificationConfigInputParsed): Promise<NotificationConfig> {
      assertCan(ctx, 'notifications.manage');
      const companyId = ctx.companyId;
      if (companyId === null) throw new NotFoundError('CO1000');
      assertWebhookAddress(ctx, input);
      return transact(async (tx) => {
        const repo = createNotificationConfigsRepository(tx);
        await assertUsers(repo, ctx, input);
        const id = await repo.insert(companyId, input);
        const after = await found(repo, ctx, id);
        await audit(tx, ctx, null, after, 'create');
        return toNotificationConfig(after);
      });
    },

    update(
      ctx: RequestContext,
      id: string,
      input: NotificationConfigInputParsed,
    ): Promise<NotificationConfig> {
      assertCan(ctx, 'notifications.manage');
      return transact(async (tx) => {
        const repo = createNotificationConfigsRepository(tx);
        const before = await found(repo, ctx, id);
        assertWebhookAddress(ctx, input);
        await assertUsers(repo, ctx, input);
        await repo.update(ctx, id, input);
        const after = await found(repo, ctx, id);
        await audit(tx, ctx, before, after, 'update');
        return toNotificationConfig(after);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'notifications.manage');
      return transact(async (tx) => {
        const repo = createNotificationConfigsRepository(tx);
        const before = await found(repo, ctx, id);
        await repo.remove(ctx, id);
        await audit(tx, ctx, before, null, 'delete');
      });
    },
  };
}
export type NotificationConfigsService = ReturnType<typeof createNotificationConfigsService>;
