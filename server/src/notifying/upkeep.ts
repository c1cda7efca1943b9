/**
 * The notifying jobs (once across the cluster, every minute, jobs/scheduler.ts):
 * - upkeep: deliveries held by an outage that has ended are queued; each recipient whose quiet hours
 *   ended gets ONE digest of what they held; alerts whose alert.changed was lost (NOTIFY is at most
 *   once, a crash between commit and routing) or whose shelving ended are routed by a sweep;
 * - escalation: alerts still unacknowledged T minutes after opening reach the escalation
 *   recipients of each config naming them, once per config.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { transactor } from '../db/transaction';
import type { EventPublisher } from '../events/event-map';
import type { Job } from '../jobs/scheduler';
import {
  dueDigests,
  dueEscalations,
  lockHeldForDigest,
  markDigested,
  releaseEndedIncidents,
  unroutedAlerts,
} from './upkeep.repository';
import { userForMail } from './deliveries.repository';
import { giveNotice } from './notice';
import type { Router } from './router';
import { digestText } from './texts';

/** Per run: recipients digested, alerts swept, escalations (the next minute takes the rest). */
const limits = { digests: 200, heldPerDigest: 500, sweep: 200, escalations: 200 } as const;

/** One digest for a recipient whose quiet hours ended; false when another worker took it. */
export async function digestFor(
  database: Database,
  events: EventPublisher,
  companyId: string,
  userId: string,
): Promise<boolean> {
  return transactor(
    database.db,
    events,
  )(async (tx) => {
    const held = await lockHeldForDigest(tx, companyId, userId, limits.heldPerDigest);
    if (held.length === 0) return false;
    const user = await userForMail(tx, userId);
    const lang = user?.language ?? 'es';
    const shown = held.filter((h) => h.channel === 'in_app');
    const text = digestText(shown, lang);
    const key = `digest:${held[0]!.id}`;
    const alertIds = [...new Set(held.flatMap((h) => (h.alertId ? [h.alertId] : [])))];
    const notificationId = await giveNotice(tx, {
      companyId,
      kind: 'digest',
      userId,
      // an e-mail digest only when e-mails were held
      mailTo: user && held.some((h) => h.channel === 'email') ? user : null,
      text,
      alertIds,
      key,
    });
    if (!notificationId) return false;
    await markDigested(
      tx,
      held.map((h) => h.id),
      notificationId,
    );
    return true;
  });
}

export function notifyingUpkeepJob(options: {
  database: Database;
  events: EventPublisher;
  router: Router;
  kick: () => void;
  log: Logger;
}): Job {
  const { database, events, router, kick, log } = options;
  return {
    name: 'notifying-upkeep',
    schedule: { every: 60_000 },
    async run() {
      const released = await releaseEndedIncidents(database.db);
      let digests = 0;
      for (const due of await dueDigests(database.db, limits.digests))
        if (await digestFor(database, events, due.companyId, due.userId)) digests += 1;
      let swept = 0;
      for (const alertId of await unroutedAlerts(database.db, limits.sweep))
        swept += await router.route(alertId).then(
          () => 1,
          (err: unknown) => {
            log.error({ err, alertId }, 'notification routing failed');
            return 0;
          },
        );
      if (released + digests + swept > 0) {
        log.info({ released, digests, swept }, 'notifying upkeep');
        kick();
      }
    },
  };
}

export function escalationJob(options: {
  database: Database;
  router: Router;
  kick: () => void;
  log: Logger;
}): Job {
  const { database, router, kick, log } = options;
  return {
    name: 'notification-escalation',
    schedule: { every: 60_000 },
    async run() {
      let queued = 0;
      for (const due of await dueEscalations(database.db, new Date(), limits.escalations))
        queued += await router.escalate(due.configId, due.alertId);
      if (queued > 0) {
        log.info({ queued }, 'escalations queued');
        kick();
      }
    },
  };
}
