/**
 * The mail worker: the outbox table is its queue (docs/OPERATIONS.md, "Mail"). It claims due mails
 * with a lease, makes one SMTP attempt at each and records it: sent (links cut out), or a failed
 * attempt due again after a back-off (30 s × 4 per attempt, at most 1 h), or failed for good after
 * the last attempt or at once on a permanent refusal. 'mail.queued' (heard from any process) kicks
 * it; a poll finds what a lost event or a back-off left due. It runs with the jobs role (and `all`).
 */
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import {
  createQueueWorker,
  exponentialBackoff,
  retryDelayMs,
  type QueueWorker,
  type RetryPolicy,
} from '../jobs/queue-worker';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { createMailTransport, type MailLog, type MailTransport } from './mail-transport';
import { mailMetrics } from '../observability/metrics';

/** 30 s, 2 min, 8 min, 32 min, then hourly: eight attempts cover a mail server down for ~3.7 h. */
export const mailRetry: RetryPolicy = {
  maxAttempts: 8,
  backoffMs: exponentialBackoff(30_000, 4, 60 * 60_000),
};
/** A claimed mail is due again after this (a worker that died mid-send); longer than any SMTP timeout. */
const leaseMs = 5 * 60_000;

export type MailWorker = QueueWorker;

export function createMailWorker(options: {
  db: Db;
  events: Pick<EventBus, 'on'>;
  log: MailLog;
  /** SMTP_URL; unset: due mails are logged and kept in the outbox. */
  smtpUrl?: string;
  /** A transport of the caller's (tests); else one on `smtpUrl`. */
  transport?: MailTransport;
  pollMs?: number;
}): MailWorker {
  const { db, events, log } = options;
  const transport = options.transport ?? createMailTransport({ db, smtpUrl: options.smtpUrl, log });
  const outbox = createMailOutboxRepository(db);
  const loop = createQueueWorker({
    name: 'mail',
    log,
    batchSize: 10,
    pollMs: options.pollMs ?? 5000,
    claim: (limit) => outbox.claimDue(limit, leaseMs),
    handle: async (mail) => {
      const sent = await transport.attempt(mail, retryDelayMs(mailRetry, mail.attempts + 1));
      mailMetrics.attempt(sent.outcome !== 'failed' ? sent.outcome : sent.retrying ? 'retrying' : 'failed');
    },
  });
  let off: (() => void) | null = null;
  // GET /metrics: this worker's attempts, and the outbox it works
  mailMetrics.start();
  const untrackBacklog = mailMetrics.due.track(() => outbox.countDue(10_000));

  return {
    runOnce: loop.runOnce,
    kick: loop.kick,
    start() {
      off ??= events.on('mail.queued', () => loop.kick());
      loop.start();
    },
    async close() {
      off?.();
      off = null;
      untrackBacklog();
      await loop.close();
      if (!options.transport) transport.close();
    },
  };
}
