/**
 * The files a queued mail names by reference (mail_outbox.attachments), read when the mail worker
 * sends it: the outbox stays small and a report revision's frozen PDF and XLSX (report_revisions,
 * never rewritten) go out byte for byte as stored.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { reportRevisions } from '../db/schema';
import type { MailAttachmentRef } from './mail-outbox.repository';

export interface MailFile {
  filename: string;
  content: Buffer;
  contentType: string;
}

const contentTypes = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The references a stored row holds; anything else in the column is not ours to send. */
export function attachmentRefsOf(stored: unknown): MailAttachmentRef[] {
  return Array.isArray(stored) ? (stored as MailAttachmentRef[]) : [];
}

export function createMailAttachmentsRepository(db: Db) {
  return {
    /** Each reference's bytes, in order; null when one no longer exists (its closure deleted). */
    async resolve(refs: MailAttachmentRef[]): Promise<MailFile[] | null> {
      const files: MailFile[] = [];
      for (const ref of refs) {
        if (ref.kind !== 'report_revision') return null;
        const [row] = await db
          .select({ bytes: ref.format === 'pdf' ? reportRevisions.pdf : reportRevisions.xlsx })
          .from(reportRevisions)
          .where(and(eq(reportRevisions.closureId, ref.closureId), eq(reportRevisions.n, ref.n)));
        if (!row) return null;
        files.push({
          filename: ref.filename,
          content: Buffer.from(row.bytes),
          contentType: contentTypes[ref.format],
        });
      }
      return files;
    },
  };
}
