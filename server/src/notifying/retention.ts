/**
 * Retention of notifications and their delivery record (a job every hour, once across the cluster):
 * deliveries in a final state (sent, failed) and read notifications older than
 * NOTIFICATION_RETENTION_DAYS are deleted; unread notifications are kept at least a year (they may
 * be all someone has of an old alert); held and queued deliveries, and the notifications they will
 * show, are never deleted. Batches of 5,000 rows, one statement each, so no lock lasts; a run stops
 * after `maxBatches` of each and the next hour goes on.
 */
import type { Logger } from 'pino';
import type { Database, Db } from '../db/client';
import type { Job } from '../jobs/scheduler';
import { deleteFinalDeliveries, deleteOldNotifications } from './retention.repository';

const day = 86_400_000;
/** Unread notifications are kept at least this long, whatever the retention. */
export const unreadMinimumDays = 365;

export interface RetentionOptions {
  days: number;
  batchSize?: number;
  maxBatches?: number;
}

/** Deletes what retention allows at `now`; how many rows of each. */
export async function purgeNotifications(
  db: Db,
  now: Date,
  options: RetentionOptions,
): Promise<{ deliveries: number; notifications: number }> {
  const { days, batchSize = 5_000, maxBatches = 200 } = options;
  const cutoff = new Date(now.getTime() - days * day);
  const unreadCutoff = new Date(now.getTime() - Math.max(days, unreadMinimumDays) * day);
  const drain = async (batch: () => Promise<number>) => {
    let total = 0;
    for (let i = 0; i < maxBatches; i += 1) {
      const n = await batch();
      total += n;
      if (n < batchSize) break;
    }
    return total;
  };
  // deliveries first: a notification whose deliveries are gone is deleted without touching them
  const deliveries = await drain(() => deleteFinalDeliveries(db, cutoff, batchSize));
  const notifications = await drain(() => deleteOldNotifications(db, cutoff, unreadCutoff, batchSize));
  return { deliveries, notifications };
}

export function notificationRetentionJob(options: { database: Database; days: number; log: Logger }): Job {
  const { database, days, log } = options;
  return {
    name: 'notification-retention',
    schedule: { every: 3_600_000 },
    async run() {
      const result = await purgeNotifications(database.db, new Date(), { days });
      if (result.deliveries + result.notifications > 0)
        log.info({ ...result, days }, 'notification retention');
    },
  };
}
