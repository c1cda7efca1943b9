/**
 * The delivery worker (docs/ALERTS.md): claims due rows of `notification_deliveries` (FOR UPDATE SKIP
 * LOCKED, leased), sends each, and records sent, or a failed attempt due again after a back-off
 * (30 s, 2 min, 10 min, 1 h), or failed for good after the fifth (at once when no attempt can
 * succeed: a webhook address that is not public). The table is the queue, so a
 * restart loses nothing: what was queued is still due, what was mid-send is due after its lease.
 * It runs in the processes with the jobs role (and `all`); any number of them share the work.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { afterCommit, transactor } from '../db/transaction';
import type { EventPublisher } from '../events/event-map';
import type { Mailer } from '../mail/mailer';
import { createMailOutboxRepository } from '../mail/mail-outbox.repository';
import {
  claimDue,
  markAttemptFailed,
  markSent,
  showNotification,
  userForMail,
  webhookSecret,
  type ClaimedDelivery,
} from './deliveries.repository';
import { postWebhook, type WebhookFailure, type WebhookPayload } from './webhook';

/** Wait before attempt n + 1 after n failed attempts. */
export const retryBackoffMs = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
export const maxAttempts = 5;
/** A claimed row is due again after this (a worker that died mid-send); longer than any send. */
const leaseMs = 5 * 60_000;
const batchSize = 20;

export interface DeliveryWorker {
  /** Claims and sends one batch; returns how many it took (tests drive it directly). */
  runOnce(): Promise<number>;
  /** Starts the loop: a batch now, then at every kick and every `pollMs`. */
  start(): void;
  /** Something was queued: look now rather than at the next poll. */
  kick(): void;
  close(): Promise<void>;
}

export function createDeliveryWorker(options: {
  database: Database;
  events: EventPublisher;
  mailer: Mailer;
  log: Logger;
  pollMs?: number;
  webhookTimeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private addresses (tests, local demos). */
  allowPrivateWebhooks?: boolean;
}): DeliveryWorker {
  const { database, events, mailer, log } = options;
  const db = database.db;
  const transact = transactor(db, events);
  const pollMs = options.pollMs ?? 2000;
  const outbox = createMailOutboxRepository(db);

  /** One attempt; null when delivered, else why not and whether trying again could help. */
  async function send(d: ClaimedDelivery): Promise<WebhookFailure | null> {
    if (d.channel === 'in_app') {
      // released after a hold: shown now, pushed to open streams after commit
      return transact(async (tx) => {
        const shown = d.notificationId ? await showNotification(tx, d.notificationId) : null;
        if (shown)
          afterCommit(tx, 'notification.created', {
            notificationId: d.notificationId!,
            userId: shown.userId,
          });
        return null;
      });
    }
    if (d.channel === 'email') {
      const to = d.recipientUserId ? await userForMail(db, d.recipientUserId) : undefined;
      if (!to) return { error: 'recipient no longer active', final: false };
      const mail = d.payload as { subject: string; text: string };
      const id = await transact((tx) =>
        mailer.queue(tx, {
          to: to.email,
          subject: mail.subject.slice(0, 300),
          text: mail.text.slice(0, 20_000),
        }),
      );
      await mailer.dispatch([id]);
      const [sent] = await outbox.byIds([id]);
      // 'outbox': no SMTP configured, the outbox is the delivery (as for every other mail)
      return sent?.status === 'failed' ? { error: `mail: ${sent.error ?? 'failed'}`, final: false } : null;
    }
    const secret = d.configId ? await webhookSecret(db, d.configId) : undefined;
    if (!secret || !d.recipientUrl) return { error: 'notification config deleted', final: false };
    return postWebhook(d.recipientUrl, d.payload as WebhookPayload, secret, d.idempotencyKey, {
      timeoutMs: options.webhookTimeoutMs,
      allowPrivate: options.allowPrivateWebhooks,
    });
  }

  async function handle(d: ClaimedDelivery) {
    let failure: WebhookFailure | null;
    try {
      failure = await send(d);
    } catch (err) {
      failure = { error: err instanceof Error ? err.message : String(err), final: false };
    }
    if (failure === null) return markSent(db, d.id);
    const { error } = failure;
    const retry =
      !failure.final && d.attempts < maxAttempts
        ? new Date(Date.now() + retryBackoffMs[d.attempts - 1]!)
        : null;
    if (!retry) log.warn({ delivery: d.id, channel: d.channel, error }, 'notification delivery failed');
    return markAttemptFailed(db, d.id, error, retry);
  }

  async function runOnce(): Promise<number> {
    const claimed = await claimDue(db, batchSize, leaseMs);
    await Promise.all(
      claimed.map((d) => handle(d).catch((err: unknown) => log.error({ err }, 'delivery record failed'))),
    );
    return claimed.length;
  }

  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      do {
        again = false;
        try {
          // a full batch: more may be due at once
          while (!closed && (await runOnce()) === batchSize);
        } catch (err) {
          log.error({ err }, 'delivery worker round failed');
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
      if (!closed) timer = setTimeout(kick, pollMs);
    });
  }

  return {
    runOnce,
    start: kick,
    kick,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
