/**
 * SQL of mail_outbox: the mailer queues into it, the mail worker works it as its queue, and
 * modules/mail-outbox lists it (ADMIN, every company).
 */
import { asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { MailListQuery } from '@aforo/contracts/mail-outbox';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { paged } from '../db/paging';
import { rowsOf } from '../db/rows';

export type MailRow = typeof mailOutbox.$inferSelect;

/**
 * A file the mail carries by reference, read at send time (mail/mail-attachments.repository.ts):
 * the outbox keeps the reference, never the bytes.
 */
export interface MailAttachmentRef {
  kind: 'report_revision';
  closureId: string;
  n: number;
  format: 'pdf' | 'xlsx';
  filename: string;
}

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachmentRef[];
}

const inMs = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

export function createMailOutboxRepository(db: Db) {
  return {
    /** A mail for the mail worker, due now; `due: false` for a caller that sends it itself. */
    async insert(mail: NewMail, options: { due: boolean } = { due: true }): Promise<MailRow> {
      const [row] = await db
        .insert(mailOutbox)
        .values({ ...mail, nextAttemptAt: options.due ? sql`now()` : null })
        .returning();
      return row!;
    },

    byIds(ids: string[]): Promise<MailRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    },

    /**
     * Claims up to `limit` due mails, oldest due first (FOR UPDATE SKIP LOCKED: two workers never
     * take the same one), leased: due again after `leaseMs` if the worker dies before recording.
     */
    async claimDue(limit: number, leaseMs: number): Promise<MailRow[]> {
      const due = db.$with('due').as(
        db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(lte(mailOutbox.nextAttemptAt, sql`now()`))
          .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
          .limit(limit)
          .for('update', { skipLocked: true }),
      );
      return db
        .with(due)
        .update(mailOutbox)
        .set({ nextAttemptAt: inMs(leaseMs) })
        .where(inArray(mailOutbox.id, db.select({ id: due.id }).from(due)))
        .returning();
    },

    /** Mails due now and not claimed, counted up to `cap` on the due index (GET /metrics). */
    async countDue(cap: number): Promise<number> {
      const result = await db.execute(sql`
        select count(*)::int as n from (
          select 1 from mail_outbox where next_attempt_at <= now() limit ${sql.param(cap)}
        ) due`);
      return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
    },

    /** SMTP took it: its body is replaced by its copy without one-time links. */
    async markSent(id: string, body: { text: string; html: string | null }): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          error: null,
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: null,
          sentAt: sql`now()`,
          ...body,
        })
        .where(eq(mailOutbox.id, id));
    },

    /** A failed attempt: due again in `retryInMs`, or failed for good when null. */
    async markAttemptFailed(id: string, error: string, retryInMs: number | null): Promise<void> {
      await db
        .update(mailOutbox)
        .set({
          status: retryInMs === null ? 'failed' : 'outbox',
          error: error.slice(0, 500),
          attempts: sql`${mailOutbox.attempts} + 1`,
          nextAttemptAt: retryInMs === null ? null : inMs(retryInMs),
        })
        .where(eq(mailOutbox.id, id));
    },

    /** No SMTP: the outbox (and the log) is the delivery, nothing is left to do. */
    async markKept(id: string): Promise<void> {
      await db.update(mailOutbox).set({ nextAttemptAt: null }).where(eq(mailOutbox.id, id));
    },

    async listAcrossCompanies(query: MailListQuery): Promise<{ rows: MailRow[]; total: number }> {
      const base = db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id));
      const rows = await paged(base.$dynamic(), query);
      const [total] = await db.select({ n: count() }).from(mailOutbox);
      return { rows, total: total?.n ?? 0 };
    },

    async findAcrossCompanies(id: string): Promise<MailRow | undefined> {
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      return row;
    },
  };
}
