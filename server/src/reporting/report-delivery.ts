/**
 * Delivery of closed months (docs/REPORTS.md "Delivery"): when the month close freezes a revision
 * (revision 1 on close, n + 1 when the figures change), each recipient of the closure gets one mail
 * in their own language with that revision's frozen PDF and XLSX attached by reference (read from
 * report_revisions when the mail worker sends it), or links to them when the two together are over
 * the size limit. The mails are queued in the revision's own transaction: a revision that rolls back
 * mails nothing, and one that commits cannot lose its mails.
 */
import type { Db } from '../db/client';
import { createMailer, type Mailer } from '../mail/mailer';
import type { MailAttachmentRef } from '../mail/mail-outbox.repository';
import { reportFileName } from './render';
import { deliveryMail } from './report-delivery-texts';
import { createReportDeliveryRepository } from './report-delivery.repository';

/** Above this the PDF and XLSX together go as links: a mail server refuses large mails (10 MiB). */
export const defaultAttachmentLimitBytes = 10 * 1024 * 1024;

export interface FrozenRevision {
  closureId: string;
  n: number;
}

/**
 * Hears a revision inside the transaction that froze it (reporting/month-close.ts `onFrozen`).
 * `tx` must come from a transactor (db/transaction.ts): the mailer announces its mails after commit.
 */
export type OnFrozen = (tx: Db, frozen: FrozenRevision) => Promise<void>;

export function createReportDelivery(options: {
  /** Where users reach Aforo (AppConfig.publicUrl): the links of a mail over the limit. */
  publicUrl: string;
  attachmentLimitBytes?: number;
  mailer?: Mailer;
}) {
  const mailer = options.mailer ?? createMailer();
  const limit = options.attachmentLimitBytes ?? defaultAttachmentLimitBytes;
  const publicUrl = options.publicUrl.replace(/\/+$/, '');

  /** Queues the revision's mails in `tx`; returns how many (recipients without a usable account get none). */
  async function queue(tx: Db, { closureId, n }: FrozenRevision): Promise<number> {
    const repo = createReportDeliveryRepository(tx);
    const facts = await repo.revisionFacts(closureId, n);
    if (!facts) return 0;
    const recipients = await repo.recipients(facts.companyId, facts.recipientIds);
    if (recipients.length === 0) return 0;
    const linked = facts.pdfBytes + facts.xlsxBytes > limit;
    // the same address the web downloads a revision from (modules/report-closures routes)
    const base = `${publicUrl}/api/reports/closures/${closureId}/revisions/${n}`;
    const links = linked ? { pdf: `${base}?format=pdf`, xlsx: `${base}?format=xlsx` } : null;
    // named as a download of the revision is: informe-mensual-2026-10-r2.pdf, in the files' language
    const period = { label: facts.month, from: `${facts.month}-01`, to: `${facts.month}-01` };
    const ref = (format: 'pdf' | 'xlsx'): MailAttachmentRef => ({
      kind: 'report_revision',
      closureId,
      n,
      format,
      filename: reportFileName('monthly', { period }, format, facts.language).replace(
        `.${format}`,
        `-r${n}.${format}`,
      ),
    });
    const attachments = linked ? [] : [ref('pdf'), ref('xlsx')];
    const files = linked ? 'linked' : 'attached';
    const rows = [];
    for (const recipient of recipients) {
      const mail = deliveryMail(recipient, { ...facts, n, filesLanguage: facts.language }, links);
      const mailId = await mailer.queue(tx, { ...mail, attachments });
      rows.push({ mailId, closureId, n, recipientId: recipient.id, language: recipient.language, files });
    }
    await repo.insert(rows);
    return rows.length;
  }

  return {
    queue,
    /** The hook the month close calls (reporting/month-close.ts), for close and revisions alike. */
    onFrozen: (async (tx, frozen) => {
      await queue(tx, frozen);
    }) satisfies OnFrozen,
  };
}

export type ReportDelivery = ReturnType<typeof createReportDelivery>;
