/**
 * Closed months (docs/REPORTS.md "Month close and revisions"): provider staff list them and download
 * any revision's frozen files (supervision.read); ADMIN and CHIEF close a month (supervision.edit).
 * A company's closed months are its own: another company's, unless provider staff, is 404.
 */
import type {
  Closure,
  CloseMonth,
  ClosureListQuery,
  ReviseResult,
  Revision,
} from '@aforo/contracts/report-closures';
import { assertCan } from '../../core/access';
import { ConflictError, NotFoundError } from '../../core/errors';
import { recordChange } from '../../core/history';
import { actorId, type RequestContext } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createMonthClose } from '../../reporting/month-close';
import { createReportDelivery } from '../../reporting/report-delivery';
import { createMonthCloseRepository, type ClosureRow } from '../../reporting/month-close.repository';
import { toClosure, toRevision } from './report-closures.mapper';
import { namedCompany } from '../../core/network-scope';

export function createReportClosuresService({
  db,
  clock,
  transact,
  mailer,
  config,
}: Pick<Deps, 'db' | 'clock' | 'transact' | 'mailer' | 'config'>) {
  const repo = createMonthCloseRepository(db);
  // revision 1 on close, and a revision made here, are mailed to the closure's recipients in the
  // transaction that freezes them (docs/REPORTS.md "Delivery")
  const delivery = createReportDelivery({ publicUrl: config.publicUrl, mailer });
  const close = createMonthClose({ db, clock, transact, onFrozen: delivery.onFrozen });

  const companyOf = (ctx: RequestContext, companyId?: string): string => namedCompany(ctx, companyId);

  async function visibleClosure(ctx: RequestContext, id: string): Promise<ClosureRow> {
    const closure = await repo.closure(id);
    if (!closure || (!ctx.isGlobal && closure.companyId !== ctx.companyId)) throw new NotFoundError('RP1000');
    return closure;
  }

  async function withRevisions(rows: ClosureRow[]): Promise<Closure[]> {
    const revisions = await repo.revisionsOf(rows.map((r) => r.id));
    return rows.map((r) => toClosure(r, revisions));
  }

  return {
    async list(ctx: RequestContext, query: ClosureListQuery): Promise<{ rows: Closure[] }> {
      assertCan(ctx, 'supervision.read');
      const companyIds = query.companyId || !ctx.isGlobal ? [companyOf(ctx, query.companyId)] : null;
      return { rows: await withRevisions(await repo.closures(companyIds, query.month)) };
    },

    async close(ctx: RequestContext, body: CloseMonth): Promise<Closure> {
      assertCan(ctx, 'supervision.edit');
      const companyId = companyOf(ctx, body.companyId);
      const userId = actorId(ctx);
      if (userId === null) throw new ConflictError('DR1002');
      const id = await close.close({
        companyId,
        month: body.month,
        userId,
        lang: ctx.lang,
        recipientIds: body.recipientIds,
        // the close and its history entry commit together
        audit: (tx, closureId) =>
          recordChange(tx, ctx, {
            entityType: 'report_closure',
            entityId: closureId,
            action: 'close_month',
            companyId,
            before: null,
            after: { month: body.month, revision: 1 },
          }),
      });
      return (await withRevisions([(await repo.closure(id))!]))[0]!;
    },

    /** Compares the closed month now (what the daily job does), e.g. right after agreeing an exclusion. */
    async revise(ctx: RequestContext, id: string): Promise<ReviseResult> {
      assertCan(ctx, 'supervision.edit');
      const closure = await visibleClosure(ctx, id);
      const made = await close.revise(closure);
      return { revision: made?.n ?? null, closure: (await withRevisions([closure]))[0]! };
    },

    async revision(
      ctx: RequestContext,
      id: string,
      n: number,
    ): Promise<{ closure: ClosureRow; revision: Revision; pdf: Uint8Array; xlsx: Uint8Array }> {
      assertCan(ctx, 'supervision.read');
      const closure = await visibleClosure(ctx, id);
      const row = await repo.revision(id, n);
      if (!row) throw new NotFoundError('RP1003');
      const names = await repo.userNames(row.createdBy ? [row.createdBy] : []);
      return {
        closure,
        revision: toRevision(closure, row, row.createdBy ? (names.get(row.createdBy) ?? '') : null),
        pdf: row.pdf,
        xlsx: row.xlsx,
      };
    },
  };
}

export type ReportClosuresService = ReturnType<typeof createReportClosuresService>;
