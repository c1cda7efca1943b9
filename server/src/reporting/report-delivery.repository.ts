/**
 * SQL of the delivery of closed months (docs/REPORTS.md "Delivery"): who a revision is mailed to,
 * what the mail says, and which outbox mail carries which revision to whom (report_deliveries; the
 * status, attempts and error are the mail_outbox row's, as the mail worker leaves them).
 */
import { sql } from 'drizzle-orm';
import type { Language } from '@aforo/contracts/constants';
import type { OperationCounts } from '@aforo/contracts/reports';
import type { Db } from '../db/client';
import { reportDeliveries } from '../db/schema';
import { rowsOf } from '../db/rows';

const p = (value: unknown) => sql.param(value);
const languageOf = (stored: string): Language => (stored === 'en' ? 'en' : 'es');

/** Account states that may not receive a closed month (docs/ROLES.md "User accounts"). */
const barredStates = ['Disabled', 'Dissabled', 'Suspended', 'Inactive'];

export interface RevisionFacts {
  companyId: string;
  companyName: string;
  month: string;
  language: Language;
  recipientIds: string[];
  totals: OperationCounts;
  changes: number;
  pdfBytes: number;
  xlsxBytes: number;
}

export interface DeliveryRow {
  n: number;
  recipientId: string;
  recipientName: string;
  recipientEmail: string;
  language: Language;
  files: 'attached' | 'linked';
  status: 'outbox' | 'sent' | 'failed';
  attempts: number;
  error: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export function createReportDeliveryRepository(db: Db) {
  return {
    /** What a revision's mail says about it, and the sizes of its files; null when there is none. */
    async revisionFacts(closureId: string, n: number): Promise<RevisionFacts | null> {
      const result = await db.execute(sql`
        select c.company_id as "companyId", co.business_name as "companyName", c.month, c.language,
          c.recipient_ids::text[] as "recipientIds", r.report -> 'totals' as totals,
          jsonb_array_length(r.changes) as changes,
          octet_length(r.pdf) as "pdfBytes", octet_length(r.xlsx) as "xlsxBytes"
        from report_revisions r join report_closures c on c.id = r.closure_id
          join companies co on co.id = c.company_id
        where r.closure_id = ${closureId} and r.n = ${n}`);
      const row = rowsOf<RevisionFacts & { language: string }>(result)[0];
      return row
        ? {
            ...row,
            language: languageOf(row.language),
            changes: Number(row.changes),
            pdfBytes: Number(row.pdfBytes),
            xlsxBytes: Number(row.xlsxBytes),
          }
        : null;
    },

    /**
     * The recipients among `ids` that may receive the company's report: an account with an e-mail,
     * not deleted nor Disabled, Suspended or Inactive, holding an Active profile in the company or
     * an Active profile without company (provider staff). Ordered by id, so mails queue in one order.
     */
    async recipients(
      companyId: string,
      ids: string[],
    ): Promise<Array<{ id: string; name: string; email: string; language: Language }>> {
      if (ids.length === 0) return [];
      const result = await db.execute(sql`
        select u.id::text, trim(concat_ws(' ', u.name, u.surname)) as name, u.email, u.language
        from users u
        where u.id = any(${p(ids)}::uuid[]) and u.deleted_at is null and trim(u.email) <> ''
          and u.state <> all(${p(barredStates)}::text[])
          and exists (select 1 from user_profiles up where up.user_id = u.id and up.state = 'Active'
            and (up.company_id = ${companyId}::uuid or up.company_id is null))
        order by u.id::text`);
      return rowsOf<{ id: string; name: string; email: string; language: string }>(result).map((r) => ({
        ...r,
        language: languageOf(r.language),
      }));
    },

    /** The ids among `ids` of users of the company or provider staff (any state): who may be chosen. */
    async members(companyId: string, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const result = await db.execute(sql`
        select distinct u.id::text from users u join user_profiles up on up.user_id = u.id
        where u.id = any(${p(ids)}::uuid[]) and u.deleted_at is null
          and (up.company_id = ${companyId}::uuid or up.company_id is null)`);
      return new Set(rowsOf<{ id: string }>(result).map((r) => r.id));
    },

    async insert(rows: Array<typeof reportDeliveries.$inferInsert>): Promise<void> {
      if (rows.length > 0) await db.insert(reportDeliveries).values(rows);
    },

    /** A closure's mails, oldest revision first, then by recipient name. */
    async deliveries(closureId: string): Promise<DeliveryRow[]> {
      const result = await db.execute(sql`
        select d.n, d.recipient_id::text as "recipientId",
          trim(concat_ws(' ', u.name, u.surname)) as "recipientName", m."to" as "recipientEmail",
          d.language, d.files, m.status, m.attempts, m.error, m.created_at as "createdAt", m.sent_at as "sentAt"
        from report_deliveries d join mail_outbox m on m.id = d.mail_id join users u on u.id = d.recipient_id
        where d.closure_id = ${closureId}
        order by d.n, 3, m.created_at`);
      return rowsOf<DeliveryRow & { createdAt: string | Date; sentAt: string | Date | null }>(result).map(
        (r) => ({
          ...r,
          n: Number(r.n),
          attempts: Number(r.attempts),
          language: languageOf(r.language),
          createdAt: new Date(r.createdAt),
          sentAt: r.sentAt === null ? null : new Date(r.sentAt),
        }),
      );
    },
  };
}
