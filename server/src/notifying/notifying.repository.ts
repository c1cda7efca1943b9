/**
 * SQL of the notifying engine (docs/ALERTS.md): which configs and people an alert reaches, the
 * notifications and their deliveries (the queue itself: deliveries.repository.ts). Every insert that an event can cause twice (two processes
 * hearing the same alert.changed, a sweep after a lost one) has a unique key and does nothing the
 * second time.
 */
import { sql, type SQL } from 'drizzle-orm';
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

/**
 * Whether config `c` covers the point of alert `a` (both are aliases of the query): no limit, or the
 * point is one of its points or in one of its layers (docs/ALERTS.md, "Limited to points or layers").
 */
export function configCoversPoint(alias: 'c', pointId: SQL): SQL {
  const config = sql.raw(alias);
  return sql`((cardinality(${config}.point_ids) = 0 and cardinality(${config}.layer_ids) = 0)
    or ${pointId} = any(${config}.point_ids)
    or exists (select 1 from layer_points lp
      where lp.point_id = ${pointId} and lp.layer_id = any(${config}.layer_ids)))`;
}

/** The company's enabled configs that name this alert type and cover this point. */
export async function matchingConfigs(
  tx: Db,
  companyId: string,
  type: string,
  pointId: string,
): Promise<ConfigForRouting[]> {
  const result = await tx.execute(sql`
    select ${configColumns} from notification_configs c
    where company_id = ${p(companyId)}::uuid and enabled and ${p(type)} = any(alert_types)
      and ${configCoversPoint('c', sql`${p(pointId)}::uuid`)}
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
