import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every mail Aforo sends; without SMTP_URL this table is the delivery (shown in the log and to admins). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** outbox = kept here only; sent / failed = handed to SMTP. */
    status: text('status').notNull().default('outbox'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt)],
);
