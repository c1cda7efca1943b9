import { jsonb, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Every mail Aforo sends, and the queue of the mail worker (mail/mail-worker.ts): a row is queued in
 * the transaction of the change it belongs to; without SMTP_URL this table is the delivery (shown in
 * the log and to admins).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files the worker attaches at send time, by reference (a report revision's PDF/XLSX). */
    attachments: jsonb('attachments').notNull().default([]),
    /** outbox = waiting for SMTP, or kept here only (no SMTP); sent / failed for good = SMTP's answer. */
    status: text('status').notNull().default('outbox'),
    /** The last failed attempt's reason (kept while retrying and once failed for good). */
    error: text('error'),
    /** SMTP attempts made (sent or failed). */
    attempts: integer('attempts').notNull().default(0),
    /** When the mail worker takes it next (a claim pushes it a lease ahead); null: nothing left to do. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.nextAttemptAt} is not null`),
  ],
);
