/**
 * SQL of notification retention: deletes in bounded batches (one short statement each, never one
 * long lock), oldest first through the created_at indexes.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const p = sql.param;
const countOf = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;

/** Up to `limit` deliveries in a final state (sent, failed) created before `before`; how many. */
export async function deleteFinalDeliveries(db: Db, before: Date, limit: number): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from notification_deliveries where id in (
        select id from notification_deliveries
        where status in ('sent', 'failed') and created_at < ${p(before.toISOString())}::timestamptz
        order by created_at
        limit ${p(limit)})
      returning 1)
    select count(*)::int as n from gone`);
  return countOf(result);
}

/**
 * Up to `limit` notifications read and created before `readBefore`, or unread and created before
 * `unreadBefore`; never one a held or queued delivery still needs. How many.
 */
export async function deleteOldNotifications(
  db: Db,
  readBefore: Date,
  unreadBefore: Date,
  limit: number,
): Promise<number> {
  const result = await db.execute(sql`
    with gone as (
      delete from notifications where id in (
        select n.id from notifications n
        where n.created_at < ${p(readBefore.toISOString())}::timestamptz
          and (n.read_at is not null or n.created_at < ${p(unreadBefore.toISOString())}::timestamptz)
          and not exists (select 1 from notification_deliveries d
            where d.notification_id = n.id and d.status in ('queued', 'held'))
        order by n.created_at
        limit ${p(limit)})
      returning 1)
    select count(*)::int as n from gone`);
  return countOf(result);
}
