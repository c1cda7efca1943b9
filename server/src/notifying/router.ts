/**
 * Routing (docs/ALERTS.md): an alert that opened (firing) or cleared (resolved) reaches the company's
 * enabled configs naming its type and covering its point (no limit, or the point is among the
 * config's points or in one of its layers); each config's recipients (roles → users with an Active
 * profile holding one in the company, and for global roles provider staff holding one in their
 * global profile; plus the users named) get an in-app notification, and an e-mail when the config
 * says so; each config's webhook gets one POST. All of it is written in ONE transaction
 * into the delivery queue; nothing is sent here.
 *
 * - Muted and late alerts are never notified (nothing is recorded: the alert says muted/late).
 * - Shelved: nothing while shelved; a firing not yet routed is routed when the shelving ends (the
 *   sweep), a clear during shelving is not announced.
 * - An alert tied to an open outage (incident) is queued `held` until the incident ends.
 * - WARNING-level alerts (WARNING, OUT_OF_RANGE) for a recipient inside quiet hours are `held`
 *   until they end and then gathered into one digest; DANGER and NO_TRANSMISSION pass.
 *
 * Twice the same event (two processes, a replay, the sweep) routes once: `notification_routings`
 * gates each transition (ON CONFLICT DO NOTHING), and every notification and delivery has a unique
 * key (alert + transition + recipient + channel) as a second guard.
 */
import type { Db, Database } from '../db/client';
import { afterCommit, transactor } from '../db/transaction';
import type { EventPublisher } from '../events/event-map';
import { toAlert } from '../alerting/alerts.mapper';
import { createAlertsRepository, type AlertRow } from '../alerting/alerts.repository';
import {
  claimTransition,
  claimTransitions,
  companyClock,
  configById,
  incidentActive,
  insertDelivery,
  insertNotification,
  matchingConfigs,
  quietHoursOf,
  resolveRecipients,
  routedTransitions,
  type ConfigForRouting,
  type Recipient,
} from './notifying.repository';
import { quietUntil } from './quiet-hours';
import { alertText, notificationMail } from './texts';
import { fingerprint, type WebhookPayload } from './webhook';

type Kind = 'firing' | 'resolved' | 'escalation';

/** Levels that quiet hours hold; DANGER and NO_TRANSMISSION always pass. */
const quietLevels = new Set(['WARNING', 'OUT_OF_RANGE']);

export function createRouter(options: {
  database: Database;
  events: EventPublisher;
  now?: () => Date;
  /** The web app's address: an alert's e-mail links to its detail there (docs/ALERTS.md "Alert detail"). */
  publicUrl?: string;
}) {
  const { database, events } = options;
  const now = options.now ?? (() => new Date());
  const transact = transactor(database.db, events);

  /** Queues one kind of notification of `alert` for the configs' recipients; returns deliveries queued. */
  async function enqueue(
    tx: Db,
    kind: Kind,
    alert: AlertRow,
    targets: Array<{ config: ConfigForRouting; recipients: Recipient[] }>,
    read: Lookups,
  ): Promise<number> {
    const at = now();
    const clock = await read.clock(alert.companyId);
    const incident =
      alert.incidentId && (await incidentActive(tx, alert.incidentId)) ? alert.incidentId : null;
    // one notification per person whatever number of configs name them; e-mail if any of them says so
    const people = new Map<string, { recipient: Recipient; email: boolean; config: ConfigForRouting }>();
    for (const { config, recipients } of targets)
      for (const r of recipients) {
        const seen = people.get(r.id);
        if (seen) seen.email ||= config.email;
        else people.set(r.id, { recipient: r, email: config.email, config });
      }
    const quiet = quietLevels.has(alert.level)
      ? await quietHoursOf(tx, alert.companyId, [...people.keys()])
      : null;
    const base = `${alert.id}:${kind}`;
    let queued = 0;
    for (const { recipient, email, config } of people.values()) {
      const q = quiet?.get(recipient.id);
      const until = !incident && q ? quietUntil(at, q, clock.timeZone) : null;
      const held = incident !== null || until !== null;
      const hold = {
        status: held ? ('held' as const) : ('queued' as const),
        holdReason: incident ? ('incident' as const) : until ? ('quiet_hours' as const) : null,
        incidentId: incident,
        notBefore: until,
      };
      const text = alertText(
        kind,
        alert,
        recipient.language,
        clock.timeZone,
        config.escalationAfterMinutes ?? undefined,
      );
      const notificationId = await insertNotification(tx, {
        companyId: alert.companyId,
        userId: recipient.id,
        kind,
        alertId: alert.id,
        title: text.title,
        body: text.body,
        dedupeKey: `${base}:${recipient.id}`,
        delivered: !held,
      });
      if (!notificationId) continue;
      const common = {
        companyId: alert.companyId,
        configId: config.id,
        notificationId,
        alertId: alert.id,
        kind,
        recipientUserId: recipient.id,
        recipientUrl: null,
      };
      // in-app is delivered by this very commit (the stream hears notification.created) unless held
      await insertDelivery(tx, {
        ...common,
        ...hold,
        status: held ? 'held' : 'sent',
        channel: 'in_app',
        idempotencyKey: `${base}:${recipient.id}:in_app`,
        payload: null,
      });
      if (!held) afterCommit(tx, 'notification.created', { notificationId, userId: recipient.id });
      if (email) {
        const link = options.publicUrl && `${options.publicUrl}/app/operation/alerts/${alert.id}`;
        const mail = notificationMail(recipient, text, recipient.language, link || undefined);
        if (
          await insertDelivery(tx, {
            ...common,
            ...hold,
            channel: 'email',
            idempotencyKey: `${base}:${recipient.id}:email`,
            payload: { subject: mail.subject, text: mail.text },
          })
        )
          queued += 1;
      }
    }
    if (kind === 'escalation') return queued;
    for (const { config } of targets) {
      if (!config.webhookUrl) continue;
      const payload: WebhookPayload = {
        status: kind,
        fingerprint: fingerprint(alert),
        alert: toAlert(alert, at),
        company: { id: alert.companyId, name: clock.name },
        text: {
          es: alertText(kind, alert, 'es', clock.timeZone),
          en: alertText(kind, alert, 'en', clock.timeZone),
        },
      };
      const id = await insertDelivery(tx, {
        companyId: alert.companyId,
        configId: config.id,
        notificationId: null,
        alertId: alert.id,
        kind,
        channel: 'webhook',
        recipientUserId: null,
        recipientUrl: config.webhookUrl,
        status: incident ? 'held' : 'queued',
        holdReason: incident ? 'incident' : null,
        incidentId: incident,
        notBefore: null,
        idempotencyKey: `${base}:${config.id}:webhook`,
        payload,
      });
      if (id) queued += 1;
    }
    return queued;
  }

  /**
   * What one routing transaction reads once however many alerts it routes: each company's clock,
   * each company's configs naming a type, each config's recipients.
   */
  function lookups(tx: Db) {
    const memo = new Map<string, Promise<unknown>>();
    const once = <T>(key: string, read: () => Promise<T>) => {
      if (!memo.has(key)) memo.set(key, read());
      return memo.get(key) as Promise<T>;
    };
    return {
      clock: (companyId: string) => once(`clock:${companyId}`, () => companyClock(tx, companyId)),
      async targets(alert: AlertRow, kind: 'firing' | 'resolved') {
        const configs = await once(`configs:${alert.companyId}:${alert.type}:${alert.pointId}`, () =>
          matchingConfigs(tx, alert.companyId, alert.type, alert.pointId),
        );
        return Promise.all(
          configs
            .filter((c) => kind === 'firing' || c.notifyResolved)
            .map(async (config) => ({
              config,
              recipients: await once(`recipients:${config.id}`, () =>
                resolveRecipients(tx, alert.companyId, config.roles, config.userIds),
              ),
            })),
        );
      },
    };
  }
  type Lookups = ReturnType<typeof lookups>;

  /**
   * Routes what is new about each of these alerts in one transaction (the alert.changed of one
   * evaluation round come together): a few statements for the lot, then the queue's rows for those
   * that reach someone. Returns deliveries queued.
   */
  function routeAll(alertIds: string[]): Promise<number> {
    return transact(async (tx) => {
      const ids = [...new Set(alertIds)];
      const alerts = (await createAlertsRepository(tx).findManyAcrossCompanies(ids)).filter(
        (a) => !a.muted && !a.late,
      );
      if (alerts.length === 0) return 0;
      const routed = await routedTransitions(
        tx,
        alerts.map((a) => a.id),
      );
      const claims: Array<{ alertId: string; transition: string }> = [];
      const due: Array<{ alert: AlertRow; kind: 'firing' | 'resolved' }> = [];
      const at = now();
      for (const alert of alerts) {
        const shelved = alert.shelvedUntil !== null && alert.shelvedUntil > at;
        const kinds: Array<'firing' | 'resolved'> = [];
        if (!routed.has(`${alert.id}:firing`)) {
          if (shelved && alert.clearedAt === null) continue;
          // cleared while shelved: it never fired for anyone, and its end is no news
          if (shelved) {
            claims.push({ alertId: alert.id, transition: 'firing' });
            claims.push({ alertId: alert.id, transition: 'resolved' });
            continue;
          }
          // an alert that opened and cleared before it was routed still fired: both are told
          kinds.push('firing');
        }
        if (alert.clearedAt !== null) {
          if (shelved) claims.push({ alertId: alert.id, transition: 'resolved' });
          else kinds.push('resolved');
        }
        for (const kind of kinds) {
          claims.push({ alertId: alert.id, transition: kind });
          due.push({ alert, kind });
        }
      }
      const claimed = await claimTransitions(tx, claims);
      const read = lookups(tx);
      let queued = 0;
      for (const { alert, kind } of due) {
        if (!claimed.has(`${alert.id}:${kind}`)) continue;
        const targets = await read.targets(alert, kind);
        if (targets.length > 0) queued += await enqueue(tx, kind, alert, targets, read);
      }
      return queued;
    });
  }

  return {
    routeAll,
    /** Routes what is new about an alert (after its alert.changed); returns deliveries queued. */
    route: (alertId: string) => routeAll([alertId]),

    /** The escalation of `alertId` by one config, once (its own routing mark). */
    escalate(configId: string, alertId: string): Promise<number> {
      return transact(async (tx) => {
        if (!(await claimTransition(tx, alertId, `escalation:${configId}`))) return 0;
        const config = await configById(tx, configId);
        const [alert] = await createAlertsRepository(tx).findManyAcrossCompanies([alertId]);
        if (!config || !alert || alert.clearedAt !== null || alert.acknowledgedAt !== null) return 0;
        const recipients = await resolveRecipients(
          tx,
          alert.companyId,
          config.escalationRoles,
          config.escalationUserIds,
        );
        return enqueue(tx, 'escalation', alert, [{ config, recipients }], lookups(tx));
      });
    },
  };
}
export type Router = ReturnType<typeof createRouter>;
