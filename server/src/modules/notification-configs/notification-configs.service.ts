/**
 * Notification configs of the current company (docs/ALERTS.md, docs/VALIDATION.md): ADMIN and ADMIN_CLIENTE
 * (right notifications.manage). Another company's config answers 404. The users named must hold a
 * profile in the company (else 400 on userIds / escalation.userIds), and the points and layers of the
 * limit must be the company's (else 400 on pointIds / layerIds, as for a layer's points). A client's
 * admin adds only client roles (global ones reach provider staff: 400 AL1005). A webhook URL whose host is an IP
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
import { isGlobalRole, type Role } from '@aforo/contracts/roles';
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

  /** The users, points and layers named are the company's (docs/ALERTS.md, "Notification configs"). */
  async function assertReferences(
    repo: NotificationConfigsRepository,
    ctx: RequestContext,
    input: NotificationConfigInputParsed,
  ) {
    const fields: Record<string, string> = {};
    const check = async (ids: string[], field: string, found: (ids: string[]) => Promise<string[]>) => {
      const wanted = [...new Set(ids)];
      if ((await found(wanted)).length !== wanted.length) fields[field] = fieldMessage('invalid', ctx.lang);
    };
    const users = (ids: string[]) => repo.usersInCompany(ctx, ids);
    await check(input.userIds, 'userIds', users);
    if (input.escalation) await check(input.escalation.userIds, 'escalation.userIds', users);
    await check(input.pointIds, 'pointIds', (ids) => repo.pointsInCompany(ctx, ids));
    await check(input.layerIds, 'layerIds', (ids) => repo.layersInCompany(ctx, ids));
    if (Object.keys(fields).length > 0) throw new ValidationError(fields);
  }

  /**
   * A client's admin names only the client roles: the global ones (ADMIN, CHIEF, VIEWER) reach the
   * provider's staff, which is the provider's choice (docs/ALERTS.md). Those the provider put in a
   * config (`before`) may stay when the client's admin edits it; none may be added.
   */
  function assertRoles(ctx: RequestContext, input: NotificationConfigInputParsed, before?: ConfigRow) {
    if (ctx.isGlobal) return;
    const added = (roles: Role[], kept: Role[] = []) =>
      roles.some((r) => isGlobalRole(r) && !kept.includes(r));
    const fields: Record<string, string> = {};
    if (added(input.roles, before?.roles)) fields.roles = fieldMessage('clientRolesOnly', ctx.lang);
    if (added(input.escalation?.roles ?? [], before?.escalationRoles))
      fields['escalation.roles'] = fieldMessage('clientRolesOnly', ctx.lang);
    if (Object.keys(fields).length > 0) throw new ValidationError(fields, 'AL1005');
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
      assertRoles(ctx, input);
      assertWebhookAddress(ctx, input);
      return transact(async (tx) => {
        const repo = createNotificationConfigsRepository(tx);
        await assertReferences(repo, ctx, input);
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
        assertRoles(ctx, input, before);
        assertWebhookAddress(ctx, input);
        await assertReferences(repo, ctx, input);
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
