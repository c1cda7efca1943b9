/**
 * Agreed exclusions and notes (docs/REPORTS.md "Agreed exclusions and notes"): provider staff (ADMIN,
 * CHIEF: supervision.edit) mark a point's days excluded by agreement or annotate them, and withdraw
 * them; the client's admins (reports.review) see them and accept or dispute them. Every change is in
 * the history of changes, and a change to what excludes a day marks its computed days stale — on a
 * closed month the daily job then freezes the next revision.
 */
import type {
  NewReportExclusion,
  ReportExclusion,
  ReportExclusionListQuery,
  ReviewReportExclusion,
} from '@aforo/contracts/report-exclusions';
import { assertCan, can, createAccess } from '../../core/access';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../core/errors';
import { recordChange } from '../../core/history';
import { actorId, type RequestContext } from '../../core/request-context';
import type { Db } from '../../db/client';
import type { Deps } from '../../deps';
import { createDailySummariesRepository } from '../../reporting/daily-summaries.repository';
import { spanDays } from '../../reporting/report-range';
import { exclusionHistory, toReportExclusion } from './report-exclusions.mapper';
import { createReportExclusionsRepository, type ExclusionRow } from './report-exclusions.repository';
import { namedCompany } from '../../core/network-scope';

/** Whether a status counts as excluding (a pending or accepted exclusion, docs/REPORTS.md). */
const excludes = (r: Pick<ExclusionRow, 'kind' | 'status'>) =>
  r.kind === 'exclusion' && (r.status === 'pending' || r.status === 'accepted');

export function createReportExclusionsService({ db, transact }: Pick<Deps, 'db' | 'transact'>) {
  const repo = createReportExclusionsRepository(db);
  const access = createAccess(db);

  const companyOf = (ctx: RequestContext, companyId?: string): string => namedCompany(ctx, companyId);

  async function found(ctx: RequestContext, id: string): Promise<ExclusionRow> {
    const row = await repo.findInCompany(companyOf(ctx), id);
    if (!row) throw new NotFoundError('RP1004');
    return row;
  }

  /** Writes the change, its history entry and the stale marks of the days it moves, in one transaction. */
  async function change(
    ctx: RequestContext,
    before: ExclusionRow | null,
    action: string,
    write: (tx: Db) => Promise<string>,
  ): Promise<ReportExclusion> {
    const companyId = companyOf(ctx);
    const id = await transact(async (tx) => {
      const itemId = await write(tx);
      const after = (await createReportExclusionsRepository(tx).findInCompany(companyId, itemId))!;
      await recordChange(tx, ctx, {
        entityType: 'report_exclusion',
        entityId: itemId,
        action,
        companyId,
        before: before && exclusionHistory(before),
        after: exclusionHistory(after),
      });
      if ((before !== null && excludes(before)) !== excludes(after))
        await createDailySummariesRepository(tx).markDaysStale(after.pointId, after.fromDay, after.toDay);
      return itemId;
    });
    return toReportExclusion((await repo.findInCompany(companyId, id))!);
  }

  return {
    async list(ctx: RequestContext, query: ReportExclusionListQuery): Promise<{ rows: ReportExclusion[] }> {
      if (!can(ctx, 'supervision.read') && !can(ctx, 'reports.review')) throw new ForbiddenError();
      const rows = await repo.list(companyOf(ctx, query.companyId), query);
      return { rows: rows.map(toReportExclusion) };
    },

    async create(ctx: RequestContext, body: NewReportExclusion): Promise<ReportExclusion> {
      assertCan(ctx, 'supervision.edit');
      await access.assertPoint(ctx.caller, body.pointId);
      if (body.from > body.to) throw new ValidationError({ to: 'invalid' });
      if (spanDays(body.from, body.to) > 366) throw new ValidationError({ to: 'invalid' }, 'RP1005');
      const userId = actorId(ctx)!;
      return change(ctx, null, 'create', (tx) =>
        createReportExclusionsRepository(tx).insert({
          companyId: companyOf(ctx),
          pointId: body.pointId,
          kind: body.kind,
          fromDay: body.from,
          toDay: body.to,
          cause: body.cause,
          comment: body.comment,
          attachmentRef: body.attachmentRef,
          createdBy: userId,
        }),
      );
    },

    /** The client's admins accept or dispute; a disputed exclusion stops excluding its days. */
    async review(ctx: RequestContext, id: string, body: ReviewReportExclusion): Promise<ReportExclusion> {
      assertCan(ctx, 'reports.review');
      const before = await found(ctx, id);
      if (before.status === 'withdrawn') throw new ConflictError('RP1006');
      return change(ctx, before, body.decision === 'accepted' ? 'accept' : 'dispute', async (tx) => {
        await createReportExclusionsRepository(tx).update(id, {
          status: body.decision,
          reviewedBy: actorId(ctx),
          reviewedAt: new Date(),
          reviewComment: body.comment,
        });
        return id;
      });
    },

    /** Provider staff withdraw one: its days count again. */
    async withdraw(ctx: RequestContext, id: string): Promise<ReportExclusion> {
      assertCan(ctx, 'supervision.edit');
      const before = await found(ctx, id);
      if (before.status === 'withdrawn') return toReportExclusion(before);
      return change(ctx, before, 'withdraw', async (tx) => {
        await createReportExclusionsRepository(tx).update(id, { status: 'withdrawn' });
        return id;
      });
    },
  };
}

export type ReportExclusionsService = ReturnType<typeof createReportExclusionsService>;
