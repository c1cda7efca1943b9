/**
 * SMTP for the workers (the request paths only queue: mail/mailer.ts). One attempt at one outbox
 * row, its outcome recorded on the row. Once SMTP has taken a mail, its stored copy loses the
 * one-time links (recipient, subject and status stay for audit); without SMTP_URL the outbox and
 * the log are how links reach people, so the mail is logged whole and kept. Notification e-mails
 * (sendNow) carry no link to pass on and are many (a demo start raises several alerts): they stay in
 * the outbox and are logged at debug level only, so they do not bury the start-up banner. Files a
 * mail names by reference (a report revision's PDF and XLSX) are read at send time; without SMTP the
 * reference is what the outbox keeps.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { redactLinks } from '../lib/redact-links';
import { attachmentRefsOf, createMailAttachmentsRepository } from './mail-attachments.repository';
import { createMailOutboxRepository, type MailRow, type NewMail } from './mail-outbox.repository';

/** The logging mail needs (pino and Fastify's logger both fit). */
export interface MailLog {
  debug?(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export type MailOutcome =
  | { outcome: 'sent' }
  | { outcome: 'kept' }
  /** `retrying`: due again later; else failed for good. */
  | { outcome: 'failed'; error: string; retrying: boolean };

export interface MailTransport {
  /** Whether SMTP_URL is set. */
  readonly smtp: boolean;
  /**
   * One attempt at a stored mail, recorded on its row. `retryInMs` says when to try again after a
   * failure (null: failed for good); a permanent SMTP refusal (5xx) is never tried again. Never throws
   * for SMTP's sake (only when the database fails).
   */
  attempt(mail: MailRow, retryInMs: number | null): Promise<MailOutcome>;
  /**
   * For a worker that retries on its own (notifying/worker.ts): stores the mail (not due, so the
   * mail worker leaves it) and makes one attempt; a failure is final for this row.
   */
  sendNow(mail: NewMail): Promise<MailOutcome>;
  close(): void;
}

/** Timeouts below the workers' 5-minute lease, so a hung server never outlives a claim. */
const smtpTimeouts = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 };

export function createMailTransport(options: {
  db: Db;
  smtpUrl?: string;
  from?: string;
  log: MailLog;
}): MailTransport {
  const { db, log } = options;
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, ...smtpTimeouts })
    : undefined;
  const from = options.from ?? 'Aforo <no-reply@aforo.dev>';
  const outbox = createMailOutboxRepository(db);
  const attachments = createMailAttachmentsRepository(db);

  async function attempt(mail: MailRow, retryInMs: number | null, notice = false): Promise<MailOutcome> {
    const refs = attachmentRefsOf(mail.attachments);
    if (!transport) {
      // the reference stays in the outbox: the files are where it points (a report revision's)
      const kept = {
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(refs.length > 0 ? { attachments: refs.map((r) => r.filename) } : {}),
      };
      if (notice) log.debug?.(kept, 'notification mail kept in the outbox (no SMTP_URL)');
      else log.info(kept, 'mail kept in the outbox (no SMTP_URL)');
      await outbox.markKept(mail.id);
      return { outcome: 'kept' };
    }
    const files = refs.length > 0 ? await attachments.resolve(refs) : [];
    if (files === null) {
      // what it pointed to is gone (its closure deleted): no later attempt can find it
      const error = 'attachment not found';
      log.error({ to: mail.to, error }, 'mail delivery failed');
      await outbox.markAttemptFailed(mail.id, error, null);
      return { outcome: 'failed', error, retrying: false };
    }
    try {
      await transport.sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        ...(files.length > 0 ? { attachments: files } : {}),
      });
    } catch (err) {
      const error = err instanceof Error ? err.message : String(err);
      // nodemailer marks 5xx answers (but 503) permanent: the same mail would be refused again
      const retry = (err as { permanent?: boolean }).permanent === true ? null : retryInMs;
      const failed = { to: mail.to, error, attempts: mail.attempts + 1 };
      if (retry === null) log.error(failed, 'mail delivery failed');
      else log.warn({ ...failed, retryInSeconds: retry / 1000 }, 'mail delivery failed; will retry');
      await outbox.markAttemptFailed(mail.id, error, retry);
      return { outcome: 'failed', error, retrying: retry !== null };
    }
    await outbox.markSent(mail.id, {
      text: redactLinks(mail.text),
      html: mail.html === null ? null : redactLinks(mail.html),
    });
    return { outcome: 'sent' };
  }

  return {
    smtp: transport !== undefined,
    attempt,
    async sendNow(mail) {
      return attempt(await outbox.insert(mail, { due: false }), null, true);
    },
    close: () => transport?.close(),
  };
}
