/**
 * The scheduled close (docs/REPORTS.md "Delivery", docs/OPERATIONS.md), once across the cluster every
 * hour: each enabled schedule whose company's local day of the month has reached its day, while the
 * previous month is still open, closes that month and mails it to the schedule's recipients. Closed
 * months are skipped, so a second run (or a second process) does nothing.
 *
 * A closure needs a person (report_closures.closed_by): a scheduled one is closed in the name of the
 * user who last set the schedule (report_schedules.updated_by), its files in their language; the
 * history of changes records the system as the actor.
 */
import type { Db } from '../db/client';
import type { Transact } from '../db/transaction';
import { recordChange } from '../core/history';
import type { Job } from '../jobs/scheduler';
import { createMonthClose } from './month-close';
import type { OnFrozen } from './report-delivery';
import { createReportScheduleRepository } from './report-schedule.repository';

export const reportScheduleJobEveryMs = 60 * 60_000;

interface ScheduleLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface ScheduledClose {
  companyId: string;
  month: string;
  closureId: string;
}

export function createScheduledClose(options: {
  db: Db;
  transact: Transact;
  onFrozen?: OnFrozen;
  log: ScheduleLog;
  clock?: () => Date;
}) {
  const { db, log } = options;
  const clock = options.clock ?? (() => new Date());
  const schedules = createReportScheduleRepository(db);
  const close = createMonthClose({ db, clock, transact: options.transact, onFrozen: options.onFrozen });

  return {
    /** Closes every due month; a failure is logged and the others go on, then the run fails with it. */
    async runDue(): Promise<ScheduledClose[]> {
      const closed: ScheduledClose[] = [];
      const failed: string[] = [];
      for (const due of await schedules.due(clock())) {
        const where = { companyId: due.companyId, month: due.month };
        if (due.updatedBy === null) {
          log.warn(where, 'scheduled close skipped: the user who set the schedule no longer exists');
          continue;
        }
        try {
          const closureId = await close.close({
            companyId: due.companyId,
            month: due.month,
            userId: due.updatedBy,
            lang: due.language,
            recipientIds: due.recipientIds,
            audit: (tx, id) =>
              recordChange(tx, null, {
                entityType: 'report_closure',
                entityId: id,
                action: 'close_month',
                companyId: due.companyId,
                before: null,
                after: { month: due.month, revision: 1, scheduled: true },
              }),
          });
          closed.push({ ...where, closureId });
          log.info({ ...where, closureId }, 'scheduled close: month closed and queued for delivery');
        } catch (err) {
          // closed by hand meanwhile: what the schedule wanted is done
          if ((err as { code?: string }).code === 'RP1001') continue;
          log.error({ ...where, err }, 'scheduled close failed');
          failed.push(`${due.companyId} ${due.month}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
      if (failed.length > 0) throw new Error(`scheduled close failed for ${failed.join('; ')}`);
      return closed;
    },
  };
}

export function reportScheduleJob(options: Parameters<typeof createScheduledClose>[0]): Job {
  const scheduled = createScheduledClose(options);
  return {
    name: 'report-schedules',
    schedule: { every: reportScheduleJobEveryMs },
    async run() {
      await scheduled.runDue();
    },
    // a close renders a month's files: serve meanwhile
    background: true,
  };
}
