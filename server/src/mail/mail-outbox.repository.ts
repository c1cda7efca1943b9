/** SQL of mail_outbox: the mailer writes it, modules/mail-outbox lists it (ADMIN, every company). */
import { count, desc, eq, inArray } from 'drizzle-orm';
import type { MailListQuery } from '@aforo/contracts/mail-outbox';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import { paged } from '../db/paging';

export type MailRow = typeof mailOutbox.$inferSelect;
export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export function createMailOutboxRepository(db: Db) {
  return {
    async insert(mail: NewMail): Promise<string> {
      const [row] = await db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      return row!.id;
    },

    byIds(ids: string[]): Promise<MailRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return db.select().from(mailOutbox).where(inArray(mailOutbox.id, ids));
    },

    /** Records the SMTP result; a sent mail's body is replaced by its copy without links. */
    async markDelivered(
      id: string,
      result: { status: 'sent'; text: string; html: string | null } | { status: 'failed'; error: string },
    ): Promise<void> {
      const body = result.status === 'sent' ? { text: result.text, html: result.html } : {};
      await db
        .update(mailOutbox)
        .set({
          status: result.status,
          error: result.status === 'failed' ? result.error : null,
          sentAt: result.status === 'sent' ? new Date() : null,
          ...body,
        })
        .where(eq(mailOutbox.id, id));
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
