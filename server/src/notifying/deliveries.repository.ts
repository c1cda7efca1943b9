/**
 * SQL of the delivery queue (docs/ALERTS.md): notification_deliveries claimed with a lease, marked
 * sent or failed with their next attempt, and what a send needs (the recipient, the webhook secret).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { Recipient } from './notifying.repository';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ClaimedDelivery {
  id: string;
  companyId: string;
  configId: string | null;
  notificationId: string | null;
  channel: 'in_app' | 'email' | 'webhook';
  recipientUserId: string | null;
  recipientUrl: string | null;
  attempts: number;
  idempotencyKey: string;
  payload: unknown;
}

/**
 * Claims up to `limit` due deliveries (FOR UPDATE SKIP LOCKED: two workers never take the same row)
 * and leases them: attempts + 1 and `not_before` pushed `leaseMs` ahead, so a worker that dies
 * mid-send leaves the row due again after the lease instead of lost.
 */
export async function claimDue(db: Db, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const result = await db.execute(sql`
    with due as (
      select id from notification_deliveries
      where status = 'queued' and (not_before is null or not_before <= now())
      order by not_before nulls first, created_at
      limit ${p(limit)}
      for update skip locked
    )
    update notification_deliveries d
    set attempts = d.attempts + 1, not_before = now() + make_interval(secs => ${p(leaseMs / 1000)})
    from due where d.id = due.id
    returning d.id::text, d.company_id::text, d.config_id::text, d.notification_id::text, d.channel,
      d.recipient_user_id::text, d.recipient_url, d.attempts, d.idempotency_key, d.payload`);
  return rowsOf<{
    id: string;
    company_id: string;
    config_id: string | null;
    notification_id: string | null;
    channel: ClaimedDelivery['channel'];
    recipient_user_id: string | null;
    recipient_url: string | null;
    attempts: number;
    idempotency_key: string;
    payload: unknown;
  }>(result).map((r) => ({
    id: r.id,
    companyId: r.company_id,
    configId: r.config_id,
    notificationId: r.notification_id,
    channel: r.channel,
    recipientUserId: r.recipient_user_id,
    recipientUrl: r.recipient_url,
    attempts: r.attempts,
    idempotencyKey: r.idempotency_key,
    payload: typeof r.payload === 'string' ? (JSON.parse(r.payload) as unknown) : r.payload,
  }));
}

/**
 * Deliveries due now and not claimed, counted up to `cap` (GET /metrics): the partial index on
 * queued rows answers it, and a large backlog costs no more than `cap` index entries.
 */
export async function countDueDeliveries(db: Db, cap: number): Promise<number> {
  const result = await db.execute(sql`
    select count(*)::int as n from (
      select 1 from notification_deliveries
      where status = 'queued' and (not_before is null or not_before <= now())
      limit ${p(cap)}
    ) due`);
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

export async function markSent(db: Db, id: string): Promise<void> {
  await db.execute(sql`
    update notification_deliveries set status = 'sent', sent_at = now(), not_before = null, last_error = null
    where id = ${p(id)}::uuid`);
}

/** A failed attempt: due again at `retryAt`, or failed for good when null. */
export async function markAttemptFailed(
  db: Db,
  id: string,
  error: string,
  retryAt: Date | null,
): Promise<void> {
  await db.execute(sql`
    update notification_deliveries
    set status = ${retryAt ? 'queued' : 'failed'}, last_error = ${p(error.slice(0, 500))},
      not_before = ${p(retryAt?.toISOString() ?? null)}::timestamptz
    where id = ${p(id)}::uuid`);
}

/** Shows a held in-app notification now; false when there was nothing to show. */
export async function showNotification(tx: Db, notificationId: string): Promise<{ userId: string } | null> {
  const result = await tx.execute(sql`
    update notifications set delivered_at = coalesce(delivered_at, now()) where id = ${p(notificationId)}::uuid
    returning user_id::text`);
  const row = rowsOf<{ user_id: string }>(result)[0];
  return row ? { userId: row.user_id } : null;
}

export async function userForMail(db: Db, userId: string): Promise<Recipient | undefined> {
  const result = await db.execute(sql`
    select id::text, email, trim(concat_ws(' ', name, surname)) as name, language from users
    where id = ${p(userId)}::uuid and deleted_at is null and state = 'Active'`);
  const r = rowsOf<{ id: string; email: string; name: string; language: string }>(result)[0];
  return r && { id: r.id, email: r.email, name: r.name, language: r.language === 'en' ? 'en' : 'es' };
}

export async function webhookSecret(db: Db, configId: string): Promise<string | undefined> {
  const result = await db.execute(
    sql`select webhook_secret from notification_configs where id = ${p(configId)}::uuid`,
  );
  return rowsOf<{ webhook_secret: string }>(result)[0]?.webhook_secret;
}
