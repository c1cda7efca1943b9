/**
 * Mail: written to the outbox inside the caller's transaction (so a rolled-back change sends
 * nothing), then handed to SMTP after commit when SMTP_URL is set, or only logged otherwise.
 * Once SMTP has taken a mail, its stored copy loses the one-time links (recipient, subject and
 * status stay for audit); without SMTP the outbox and the log are how links reach people.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db } from '../db/client';
import { redactLinks } from '../lib/redact-links';
import { createMailOutboxRepository, type NewMail } from './mail-outbox.repository';

/** The logging the mailer needs (pino and Fastify's logger both fit). */
interface MailLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Mailer {
  /** Stores the mail in the outbox within `tx`; returns its id for `dispatch`. */
  queue(tx: Db, mail: NewMail): Promise<string>;
  /** After commit: delivers queued mails (SMTP) or logs them (outbox only). Never throws. */
  dispatch(ids: string[]): Promise<void>;
}

export function createMailer(db: Db, options: { smtpUrl?: string; from?: string; log?: MailLog }): Mailer {
  const transport: Transporter | undefined = options.smtpUrl
    ? nodemailer.createTransport(options.smtpUrl)
    : undefined;
  const from = options.from ?? 'Aforo <no-reply@aforo.dev>';
  const outbox = createMailOutboxRepository(db);

  return {
    queue: (tx, mail) => createMailOutboxRepository(tx).insert(mail),

    async dispatch(ids) {
      for (const mail of await outbox.byIds(ids)) {
        if (!transport) {
          options.log?.info(
            { to: mail.to, subject: mail.subject, text: mail.text },
            'mail kept in the outbox (no SMTP_URL)',
          );
          continue;
        }
        try {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? undefined,
          });
          await outbox.markDelivered(mail.id, {
            status: 'sent',
            text: redactLinks(mail.text),
            html: mail.html === null ? null : redactLinks(mail.html),
          });
        } catch (err) {
          const error = err instanceof Error ? err.message : String(err);
          options.log?.error({ to: mail.to, error }, 'mail delivery failed');
          await outbox.markDelivered(mail.id, { status: 'failed', error }).catch(() => undefined);
        }
      }
    },
  };
}
