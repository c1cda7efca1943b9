/**
 * SQL of the notifying upkeep (docs/ALERTS.md): deliveries released when an outage ends, quiet-hours
 * digests, the sweep of alerts no process routed, and escalations due.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { configCoversPoint } from './notifying.repository';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Held by an outage that has ended: queued now. Returns how many. */
export async function releaseEndedIncidents(db: Db): Promise<number> {
  const result = await db.execute(sql`
    update notification_deliveries d set status = 'queued', hold_reason = null, not_before = null
    from incidents i
    where d.status = 'held' and d.hold_reason = 'incident' and i.id = d.incident_id and i.ended_at is not null
    returning d.id`);
  return rowsOf(result).length;
}

/** Recipients whose quiet hours held something that is now due: (company, user), at most `limit`. */
export async function dueDigests(
  db: Db,
  limit: number,
): Promise<Array<{ companyId: string; userId: string }>> {
  const result = await db.execute(sql`
    select distinct company_id::text, recipient_user_id::text as user_id from notification_deliveries
    where status = 'held' and hold_reason = 'quiet_hours' and not_before <= now()
    limit ${p(limit)}`);
  return rowsOf<{ company_id: string; user_id: string }>(result).map((r) => ({
    companyId: r.company_id,
    userId: r.user_id,
  }));
}

export interface HeldForDigest {
  id: string;
  channel: string;
  alertId: string | null;
  notificationId: string | null;
  kind: string;
  title: string;
}

/** The recipient's due quiet-hours deliveries, locked (a second worker skips them), oldest first. */
export async function lockHeldForDigest(
  tx: Db,
  companyId: string,
  userId: string,
  limit: number,
): Promise<HeldForDigest[]> {
  const result = await tx.execute(sql`
    select d.id::text, d.channel, d.alert_id::text, d.notification_id::text, d.kind, coalesce(n.title, '') as title
    from notification_deliveries d left join notifications n on n.id = d.notification_id
    where d.status = 'held' and d.hold_reason = 'quiet_hours' and d.not_before <= now()
      and d.company_id = ${p(companyId)}::uuid and d.recipient_user_id = ${p(userId)}::uuid
    order by d.created_at, d.id
    limit ${p(limit)}
    for update of d skip locked`);
  return rowsOf<{
    id: string;
    channel: string;
    alert_id: string | null;
    notification_id: string | null;
    kind: string;
    title: string;
  }>(result).map((r) => ({
    id: r.id,
    channel: r.channel,
    alertId: r.alert_id,
    notificationId: r.notification_id,
    kind: r.kind,
    title: r.title,
  }));
}

/** The held deliveries a digest carried: sent, through it. */
export async function markDigested(tx: Db, ids: string[], digestId: string): Promise<void> {
  await tx.execute(sql`
    update notification_deliveries set status = 'sent', sent_at = now(), digest_id = ${p(digestId)}::uuid,
      hold_reason = null
    where id = any(${p(ids)}::uuid[])`);
}

/**
 * Alerts whose routing an event may have missed: active ones never routed as firing (unless shelved
 * now: they are routed when the shelving ends), and ones cleared within the last hour never routed
 * as resolved. Muted and late alerts are never notified.
 */
export async function unroutedAlerts(db: Db, limit: number): Promise<string[]> {
  const result = await db.execute(sql`
    select a.id::text from alerts a
    where not a.muted and not a.late and (
      (a.cleared_at is null and (a.shelved_until is null or a.shelved_until <= now())
        and not exists (select 1 from notification_routings r where r.alert_id = a.id and r.transition = 'firing'))
      or (a.cleared_at > now() - interval '1 hour'
        and not exists (select 1 from notification_routings r where r.alert_id = a.id and r.transition = 'resolved')))
    order by a.opened_at
    limit ${p(limit)}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Escalations due at `now`: (config, alert) pairs where the alert is of the config's types and on a
 * point the config covers, active, unacknowledged, not shelved, muted or late, opened at least
 * `after` minutes ago (and within a week: older standing alerts are not news), and not yet escalated
 * by that config.
 */
export async function dueEscalations(
  db: Db,
  now: Date,
  limit: number,
): Promise<Array<{ configId: string; alertId: string }>> {
  const at = now.toISOString();
  const result = await db.execute(sql`
    select c.id::text as config_id, a.id::text as alert_id
    from notification_configs c
    join alerts a on a.company_id = c.company_id and a.type = any(c.alert_types)
    where c.enabled and c.escalation_after_minutes is not null
      and ${configCoversPoint('c', sql`a.point_id`)}
      and a.cleared_at is null and a.acknowledged_at is null and not a.muted and not a.late
      and (a.shelved_until is null or a.shelved_until <= ${p(at)}::timestamptz)
      and a.opened_at <= ${p(at)}::timestamptz - make_interval(mins => c.escalation_after_minutes)
      and a.opened_at > ${p(at)}::timestamptz - interval '7 days'
      and not exists (select 1 from notification_routings r
        where r.alert_id = a.id and r.transition = 'escalation:' || c.id::text)
    order by a.opened_at
    limit ${p(limit)}`);
  return rowsOf<{ config_id: string; alert_id: string }>(result).map((r) => ({
    configId: r.config_id,
    alertId: r.alert_id,
  }));
}
