/**
 * The notifying engine (DESIGN.md §7): routes every alert.changed into the delivery queue
 * (router.ts), works the queue (worker.ts) and runs its minute jobs (upkeep.ts) and its hourly
 * retention (retention.ts). It runs in the
 * processes with the jobs role (and `all`); alert.changed reaches each of them, and the routing
 * marks make the second one a no-op.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import type { EventBus } from '../events/event-bus';
import type { Job } from '../jobs/scheduler';
import { createMailer } from '../mail/mailer';
import { createRouter } from './router';
import { notificationRetentionJob } from './retention';
import { escalationJob, notifyingUpkeepJob } from './upkeep';
import { createDeliveryWorker } from './worker';

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
}) {
  const { database, events, log } = options;
  const mailer = createMailer(database.db, { smtpUrl: options.smtpUrl, log });
  const router = createRouter({ database, events });
  const worker = createDeliveryWorker({
    database,
    events,
    mailer,
    log,
    pollMs: options.pollMs,
    allowPrivateWebhooks: options.allowPrivateWebhooks,
  });
  const kick = () => worker.kick();
  let off: (() => void) | null = null;

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
      off = events.on('alert.changed', async ({ alertId }) => {
        if ((await router.route(alertId)) > 0) kick();
      });
      worker.start();
    },
    async close() {
      // alert changes announced while closing are routed before the engine stops listening
      await events.idle();
      off?.();
      await worker.close();
    },
  };
}
export type Notifying = ReturnType<typeof createNotifying>;
