/**
 * Delivery of closed months (docs/REPORTS.md "Delivery"): each revision's mails per recipient
 * (supervision.read; the failure text only for notifications.manage or outbox.read holders, as the
 * alert detail does) and each company's schedule (read: supervision.read; set: supervision.edit).
 * The supervision route group keeps client users out; provider staff name any company.
 */
import type {
  ReportDelivery,
  ReportScheduleBody,
  ReportSchedule,
  ReportScheduleQuery,
} from '@aforo/contracts/report-delivery';
import { assertCan, can } from '../../core/access';
import { AppError, ConflictError, NotFoundError } from '../../core/errors';
import { recordChange } from '../../core/history';
import { actorId, type RequestContext } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createMonthCloseRepository } from '../../reporting/month-close.repository';
import { createReportDeliveryRepository, type DeliveryRow } from '../../reporting/report-delivery.repository';
import { createReportScheduleRepository, type ScheduleRow } from '../../reporting/report-schedule.repository';
import { createReportsRepository } from '../../reporting/reports.repository';
import { namedCompany } from '../../core/network-scope';

function toDelivery(row: DeliveryRow, withError: boolean): ReportDelivery {
  return {
    revision: row.n,
    recipient: { id: row.recipientId, name: row.recipientName, email: row.recipientEmail },
    language: row.language,
    files: row.files,
    status: row.status,
    attempts: row.attempts,
    // a failure's text may name the mail server or the address it refused
    error: withError ? row.error : null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

function toSchedule(companyId: string, row: ScheduleRow | null): ReportSchedule {
  if (!row) return { companyId, enabled: false, day: 1, recipientIds: [], updatedBy: null, updatedAt: null };
  return {
    companyId,
    enabled: row.enabled,
    day: row.day,
    recipientIds: row.recipientIds,
    updatedBy: row.updatedBy ? { id: row.updatedBy, name: row.updatedByName ?? '' } : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The schedule as the history of changes keeps it, under its company. */
const historyOf = (row: ScheduleRow | null) =>
  row && {
    reportScheduleEnabled: row.enabled,
    reportScheduleDay: row.day,
    reportScheduleRecipientIds: row.recipientIds,
  };

export function createReportDeliveryService({ db, transact }: Pick<Deps, 'db' | 'transact'>) {
  const closures = createMonthCloseRepository(db);
  const deliveries = createReportDeliveryRepository(db);
  const schedules = createReportScheduleRepository(db);
  const reports = createReportsRepository(db);

  /** The company a call is about: the current one, or (provider staff) the one named, which must exist. */
  async function companyOf(ctx: RequestContext, companyId: string | undefined): Promise<string> {
    const id = namedCompany(ctx, companyId);
    if (!(await reports.company(id))) throw new NotFoundError('CO1000');
    return id;
  }

  return {
    async deliveries(ctx: RequestContext, closureId: string): Promise<{ rows: ReportDelivery[] }> {
      assertCan(ctx, 'supervision.read');
      const closure = await closures.closure(closureId);
      if (!closure || (!ctx.isGlobal && closure.companyId !== ctx.companyId))
        throw new NotFoundError('RP1000');
      const withError = can(ctx, 'notifications.manage') || can(ctx, 'outbox.read');
      return { rows: (await deliveries.deliveries(closureId)).map((r) => toDelivery(r, withError)) };
    },

    async schedule(ctx: RequestContext, query: ReportScheduleQuery): Promise<ReportSchedule> {
      assertCan(ctx, 'supervision.read');
      const companyId = await companyOf(ctx, query.companyId);
      return toSchedule(companyId, await schedules.get(companyId));
    },

    async setSchedule(ctx: RequestContext, body: ReportScheduleBody): Promise<ReportSchedule> {
      assertCan(ctx, 'supervision.edit');
      const companyId = await companyOf(ctx, body.companyId);
      // the scheduled close is made in this user's name (reporting/report-schedule-job.ts)
      const userId = actorId(ctx);
      if (userId === null) throw new ConflictError('DR1002');
      const recipientIds = [...new Set(body.recipientIds)];
      const members = await deliveries.members(companyId, recipientIds);
      if (recipientIds.some((id) => !members.has(id))) throw new AppError('RP1007');
      await transact(async (tx) => {
        const repo = createReportScheduleRepository(tx);
        const before = await repo.get(companyId);
        await repo.upsert({
          companyId,
          enabled: body.enabled,
          day: body.day,
          recipientIds,
          updatedBy: userId,
        });
        const after = await repo.get(companyId);
        await recordChange(tx, ctx, {
          entityType: 'company',
          entityId: companyId,
          action: 'update',
          companyId,
          before: historyOf(before) ?? {},
          after: historyOf(after),
        });
      });
      return toSchedule(companyId, await schedules.get(companyId));
    },
  };
}

export type ReportDeliveryService = ReturnType<typeof createReportDeliveryService>;
