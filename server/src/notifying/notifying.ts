/**
 * The notifying engine (docs/ALERTS.md): routes every alert.changed into the delivery queue
 * (router.ts), works the queue (worker.ts) and runs its minute jobs (upkeep.ts) and its hourly
 * retention (retention.ts). It runs in the
 * processes with the jobs role (and `all`); alert.changed reaches each of them, and the routing
 * marks make the second one a no-op.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { Job } from '../jobs/scheduler';
import { createMailTransport } from '../mail/mail-transport';
import { createRouter } from './router';
import { notificationRetentionJob } from './retention';
import { escalationJob, notifyingUpkeepJob } from './upkeep';
import { createDeliveryWorker } from './worker';
import { countDueDeliveries } from './deliveries.repository';
import { notificationMetrics } from '../observability/metrics';

/** The backlog gauge counts this many due deliveries at most (a bounded query per scrape). */
const backlogCap = 10_000;

export function createNotifying(options: {
  database: Database;
  events: EventBus;
  log: Logger;
  smtpUrl?: string;
  pollMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE */
  allowPrivateWebhooks?: boolean;
  /** NOTIFICATION_RETENTION_DAYS */
  retentionDays?: number;
  /** PUBLIC_URL: alert e-mails link to the alert's detail in the web app. */
  publicUrl?: string;
}) {
  const { database, events, log } = options;
  const mail = createMailTransport({ db: database.db, smtpUrl: options.smtpUrl, log });
  const router = createRouter({ database, events, publicUrl: options.publicUrl });
  const worker = createDeliveryWorker({
    database,
    events,
    mail,
    log,
    pollMs: options.pollMs,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
  });
  const kick = () => worker.kick();
  let off: (() => void) | null = null;
  // GET /metrics: what this process's worker delivers, and the queue it works
  notificationMetrics.start();
  const untrackBacklog = notificationMetrics.due.track(() => countDueDeliveries(database.db, backlogCap));

  /**
   * The alert.changed heard in one turn of the event loop (an evaluation round announces its alerts
   * together) are routed in one transaction — one each was most of the routing's cost under load.
   * The handler only gathers (the bus hands a subscription its events one at a time, so awaiting
   * the routing there would route one alert per batch); the bus's idle() waits for the batch. A
   * batch that fails is routed again alert by alert, so one bad alert cannot hold back the rest.
   */
  const routeBatch = 500;
  let gathering: Set<string> | null = null;
  function gather(alertId: string): void {
    if (!gathering) {
      const ids = (gathering = new Set<string>());
      events.track(
        new Promise((resolve) => setImmediate(resolve)).then(async () => {
          if (gathering === ids) gathering = null;
          const queued = await router.routeAll([...ids]).catch(async (err: unknown) => {
            if (ids.size === 1) throw err;
            log.warn({ err, alerts: ids.size }, 'routing a batch failed: routing its alerts one by one');
            let n = 0;
            for (const id of ids)
              n += await router.route(id).catch((e: unknown) => {
                log.error({ err: e, alertId: id }, 'notification routing failed');
                return 0;
              });
            return n;
          });
          if (queued > 0) kick();
        }),
      );
    }
    gathering.add(alertId);
    // bounded: a catch-up's round may announce thousands
    if (gathering.size >= routeBatch) gathering = null;
  }

  return {
    router,
    worker,
    jobs(): Job[] {
      return [
        notifyingUpkeepJob({ database, events, router, kick, log }),
        escalationJob({ database, router, kick, log }),
        notificationRetentionJob({ database, days: options.retentionDays ?? 90, log }),
      ];
    },
    /** Listens to alert.changed and starts the delivery loop. */
    start() {
      off = events.on('alert.changed', ({ alertId }) => gather(alertId));
      worker.start();
    },
    async close() {
      // alert changes announced while closing are routed before the engine stops listening
      await events.idle();
      off?.();
      untrackBacklog();
      await worker.close();
      mail.close();
    },
  };
}
export type Notifying = ReturnType<typeof createNotifying>;
