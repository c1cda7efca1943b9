/**
 * Which mail of the outbox delivers which revision of a closed month to whom (docs/REPORTS.md
 * "Delivery"): the status, attempts and error stay on the mail_outbox row the mail worker works.
 */
import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { mailOutbox } from './mail-outbox';
import { reportClosures } from './report-closures';
import { users } from './users';

export const reportDeliveries = pgTable(
  'report_deliveries',
  {
    mailId: uuid('mail_id')
      .primaryKey()
      .references(() => mailOutbox.id, { onDelete: 'cascade' }),
    closureId: uuid('closure_id')
      .notNull()
      .references(() => reportClosures.id, { onDelete: 'cascade' }),
    /** The revision whose files the mail carries. */
    n: integer('n').notNull(),
    recipientId: uuid('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The mail's language (the recipient's). */
    language: text('language').notNull(),
    /** 'attached' (the files travel with the mail) or 'linked' (over the size limit: links). */
    files: text('files').notNull(),
  },
  (t) => [index('report_deliveries_closure_idx').on(t.closureId, t.n)],
);
