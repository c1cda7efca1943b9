/**
 * The delivery worker (docs/ALERTS.md): claims due rows of `notification_deliveries` (FOR UPDATE SKIP
 * LOCKED, leased), sends each, and records sent, or a failed attempt due again after a back-off
 * (30 s, 2 min, 10 min, 1 h), or failed for good after the fifth (at once when no attempt can
 * succeed: a webhook address that is not public). The table is the queue, so a
 * restart loses nothing: what was queued is still due, what was mid-send is due after its lease.
 * It runs in the processes with the jobs role (and `all`); any number of them share the work. The
 * loop (claim, kick, poll) is jobs/queue-worker.ts, shared with the mail worker.
 */
import type { Logger } from 'pino';
import type { Database } from '../db/client';
import { afterCommit, transactor } from '../db/transaction';
import type { EventPublisher } from '../events/event-map';
import {
  createQueueWorker,
  retryDelayMs,
  tableBackoff,
  type QueueWorker,
  type RetryPolicy,
} from '../jobs/queue-worker';
import type { MailTransport } from '../mail/mail-transport';
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
import { notificationMetrics } from '../observability/metrics';

/** Wait before attempt n + 1 after n failed attempts. */
export const retryBackoffMs = [30_000, 2 * 60_000, 10 * 60_000, 60 * 60_000];
export const maxAttempts = 5;
const deliveryRetry: RetryPolicy = { maxAttempts, backoffMs: tableBackoff(retryBackoffMs) };
/** A claimed row is due again after this (a worker that died mid-send); longer than any send. */
const leaseMs = 5 * 60_000;
const batchSize = 20;

export type DeliveryWorker = QueueWorker;

export function createDeliveryWorker(options: {
  database: Database;
  events: EventPublisher;
  /**
   * E-mail goes out here, not through the mail worker: this queue retries it and keeps its status
   * per delivery; the mail is still recorded in the outbox (mail/mail-transport.ts sendNow).
   */
  mail: MailTransport;
  log: Logger;
  pollMs?: number;
  webhookTimeoutMs?: number;
  /** WEBHOOK_ALLOW_PRIVATE: webhooks may reach loopback and private addresses (tests, local demos). */
  allowPrivateWebhooks?: boolean;
}): DeliveryWorker {
  const { database, events, mail, log } = options;
  const db = database.db;
  const transact = transactor(db, events);

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
      const { subject, text } = d.payload as { subject: string; text: string };
      const sent = await mail.sendNow({
        to: to.email,
        subject: subject.slice(0, 300),
        text: text.slice(0, 20_000),
      });
      // 'kept': no SMTP configured, the outbox is the delivery (as for every other mail)
      return sent.outcome === 'failed' ? { error: `mail: ${sent.error}`, final: false } : null;
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
    if (failure === null) {
      notificationMetrics.delivery(d.channel, 'sent');
      return markSent(db, d.id);
    }
    const { error } = failure;
    const retryInMs = failure.final ? null : retryDelayMs(deliveryRetry, d.attempts);
    notificationMetrics.delivery(d.channel, retryInMs === null ? 'failed' : 'retrying');
    if (retryInMs === null)
      log.warn({ delivery: d.id, channel: d.channel, error }, 'notification delivery failed');
    return markAttemptFailed(db, d.id, error, retryInMs === null ? null : new Date(Date.now() + retryInMs));
  }

  return createQueueWorker({
    name: 'delivery',
    log,
    batchSize,
    pollMs: options.pollMs,
    claim: (limit) => claimDue(db, limit, leaseMs),
    handle,
  });
}
