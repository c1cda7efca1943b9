/**
 * SQL of the notifying engine (docs/ALERTS.md): which configs and people an alert reaches, the
 * notifications and the delivery queue. Every insert that an event can cause twice (two processes
 * hearing the same alert.changed, a sweep after a lost one) has a unique key and does nothing the
 * second time.
 */
import { sql } from 'drizzle-orm';
import type { Language } from '@aforo/contracts/constants';
import { globalRoles } from '@aforo/contracts/roles';
import type { Db } from '../db/client';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface ConfigForRouting {
  id: string;
  name: string;
  roles: string[];
  userIds: string[];
  email: boolean;
  webhookUrl: string | null;
  notifyResolved: boolean;
  escalationAfterMinutes: number | null;
  escalationRoles: string[];
  escalationUserIds: string[];
}

export interface Recipient {
  id: string;
  email: string;
  name: string;
  language: Language;
}

export interface NewNotification {
  companyId: string;
  userId: string;
  kind: string;
  alertId: string | null;
  alertIds?: string[];
  title: string;
  body: string;
  dedupeKey: string;
  delivered: boolean;
}

export interface NewDelivery {
  companyId: string;
  configId: string | null;
  notificationId: string | null;
  alertId: string | null;
  kind: string;
  channel: 'in_app' | 'email' | 'webhook';
  recipientUserId: string | null;
  recipientUrl: string | null;
  status: 'queued' | 'held' | 'sent';
  holdReason: 'quiet_hours' | 'incident' | null;
  incidentId: string | null;
  notBefore: Date | null;
  idempotencyKey: string;
  payload: unknown;
}

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
 * Marks these transitions as routed in one statement; returns the ones this call marked (`id:transition`).
 * Rows go in one sorted order, so two processes claiming overlapping sets wait rather than deadlock.
 */
export async function claimTransitions(
  tx: Db,
  claims: Array<{ alertId: string; transition: string }>,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const result = await tx.execute(sql`
    insert into notification_routings (alert_id, transition)
    select alert_id, transition
    from unnest(${p(claims.map((c) => c.alertId))}::uuid[], ${p(claims.map((c) => c.transition))}::text[])
      as c(alert_id, transition)
    order by alert_id, transition
    on conflict do nothing returning alert_id::text, transition`);
  return new Set(
    rowsOf<{ alert_id: string; transition: string }>(result).map((r) => `${r.alert_id}:${r.transition}`),
  );
}

/** Marks one transition of an alert as routed; false when it already was (another process, a replay). */
export async function claimTransition(tx: Db, alertId: string, transition: string): Promise<boolean> {
  return (await claimTransitions(tx, [{ alertId, transition }])).size > 0;
}

/** The transitions of these alerts already routed, as `id:transition`. */
export async function routedTransitions(tx: Db, alertIds: string[]): Promise<Set<string>> {
  if (alertIds.length === 0) return new Set();
  const result = await tx.execute(sql`
    select alert_id::text, transition from notification_routings where alert_id = any(${p(alertIds)}::uuid[])`);
  return new Set(
    rowsOf<{ alert_id: string; transition: string }>(result).map((r) => `${r.alert_id}:${r.transition}`),
  );
}

export async function incidentActive(tx: Db, incidentId: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select 1 from incidents where id = ${p(incidentId)}::uuid and ended_at is null`,
  );
  return rowsOf(result).length > 0;
}

export async function companyClock(tx: Db, companyId: string): Promise<{ timeZone: string; name: string }> {
  const result = await tx.execute(
    sql`select preferred_timezone, business_name from companies where id = ${p(companyId)}::uuid`,
  );
  const row = rowsOf<{ preferred_timezone: string; business_name: string }>(result)[0];
  return { timeZone: row?.preferred_timezone ?? 'UTC', name: row?.business_name ?? '' };
}

const configColumns = sql`id::text, name, roles, user_ids::text[] as user_ids, email, webhook_url,
  notify_resolved, escalation_after_minutes, escalation_roles, escalation_user_ids::text[] as escalation_user_ids`;
type ConfigRecord = {
  id: string;
  name: string;
  roles: string[];
  user_ids: string[];
  email: boolean;
  webhook_url: string | null;
  notify_resolved: boolean;
  escalation_after_minutes: number | null;
  escalation_roles: string[];
  escalation_user_ids: string[];
};
const toConfig = (r: ConfigRecord): ConfigForRouting => ({
  id: r.id,
  name: r.name,
  roles: r.roles,
  userIds: r.user_ids,
  email: r.email,
  webhookUrl: r.webhook_url,
  notifyResolved: r.notify_resolved,
  escalationAfterMinutes: r.escalation_after_minutes,
  escalationRoles: r.escalation_roles,
  escalationUserIds: r.escalation_user_ids,
});

/** The company's enabled configs that name this alert type. */
export async function matchingConfigs(tx: Db, companyId: string, type: string): Promise<ConfigForRouting[]> {
  const result = await tx.execute(sql`
    select ${configColumns} from notification_configs
    where company_id = ${p(companyId)}::uuid and enabled and ${p(type)} = any(alert_types)
    order by created_at, id`);
  return rowsOf<ConfigRecord>(result).map(toConfig);
}

export async function configById(tx: Db, id: string): Promise<ConfigForRouting | undefined> {
  const result = await tx.execute(
    sql`select ${configColumns} from notification_configs where id = ${p(id)}::uuid`,
  );
  const row = rowsOf<ConfigRecord>(result)[0];
  return row && toConfig(row);
}

/**
 * The people a config reaches now: users holding one of `roles` in an Active profile of the company;
 * for the global roles among them (ADMIN, CHIEF, VIEWER), provider staff holding one in their Active
 * global profile (they watch every client's network); and the users named, if they still have an
 * Active profile there. Only Active accounts (never Suspended, Disabled, Created…).
 */
export async function resolveRecipients(
  tx: Db,
  companyId: string,
  roles: string[],
  userIds: string[],
): Promise<Recipient[]> {
  if (roles.length === 0 && userIds.length === 0) return [];
  const global = roles.filter((r) => (globalRoles as readonly string[]).includes(r));
  const result = await tx.execute(sql`
    select distinct u.id::text, u.email, trim(concat_ws(' ', u.name, u.surname)) as name, u.language
    from users u join user_profiles up on up.user_id = u.id
    where up.state = 'Active' and u.state = 'Active' and u.deleted_at is null
      and ((up.company_id = ${p(companyId)}::uuid
          and (up.roles && ${p(roles)}::text[] or u.id = any(${p(userIds)}::uuid[])))
        or (up.company_id is null and up.roles && ${p(global)}::text[]))
    order by u.id::text`);
  return rowsOf<{ id: string; email: string; name: string; language: string }>(result).map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    language: r.language === 'en' ? 'en' : 'es',
  }));
}

export async function quietHoursOf(
  tx: Db,
  companyId: string,
  userIds: string[],
): Promise<Map<string, { from: string; to: string }>> {
  if (userIds.length === 0) return new Map();
  const result = await tx.execute(sql`
    select user_id::text, "from", "to" from notification_quiet_hours
    where company_id = ${p(companyId)}::uuid and user_id = any(${p(userIds)}::uuid[])`);
  return new Map(
    rowsOf<{ user_id: string; from: string; to: string }>(result).map((r) => [
      r.user_id,
      { from: r.from, to: r.to },
    ]),
  );
}

/** Inserts a notification; null when its dedupe key exists already (routed before). */
export async function insertNotification(tx: Db, n: NewNotification): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into notifications (company_id, user_id, kind, alert_id, alert_ids, title, body, dedupe_key, delivered_at)
    values (${p(n.companyId)}::uuid, ${p(n.userId)}::uuid, ${p(n.kind)}, ${p(n.alertId)}::uuid,
      ${p(n.alertIds ?? [])}::uuid[], ${p(n.title)}, ${p(n.body)}, ${p(n.dedupeKey)},
      ${n.delivered ? sql`now()` : sql`null`})
    on conflict (dedupe_key) do nothing returning id::text`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
}

/** Inserts a delivery; null when its idempotency key exists already. */
export async function insertDelivery(tx: Db, d: NewDelivery): Promise<string | null> {
  const result = await tx.execute(sql`
    insert into notification_deliveries (company_id, config_id, notification_id, alert_id, kind, channel,
      recipient_user_id, recipient_url, status, hold_reason, incident_id, not_before, idempotency_key,
      payload, sent_at)
    values (${p(d.companyId)}::uuid, ${p(d.configId)}::uuid, ${p(d.notificationId)}::uuid,
      ${p(d.alertId)}::uuid, ${p(d.kind)}, ${p(d.channel)}, ${p(d.recipientUserId)}::uuid,
      ${p(d.recipientUrl)}, ${p(d.status)}, ${p(d.holdReason)}, ${p(d.incidentId)}::uuid,
      ${p(d.notBefore?.toISOString() ?? null)}::timestamptz, ${p(d.idempotencyKey)},
      ${p(d.payload === null ? null : JSON.stringify(d.payload))}::jsonb,
      ${d.status === 'sent' ? sql`now()` : sql`null`})
    on conflict (idempotency_key) do nothing returning id::text`);
  return rowsOf<{ id: string }>(result)[0]?.id ?? null;
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
 * Escalations due at `now`: (config, alert) pairs where the alert is of the config's types, active,
 * unacknowledged, not shelved, muted or late, opened at least `after` minutes ago (and within a
 * week: older standing alerts are not news), and not yet escalated by that config.
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
