/**
 * Delivery of closed months (docs/REPORTS.md "Month close and revisions", "Delivery"): the mails each
 * revision queued, per recipient, and each company's schedule that closes and sends the previous month.
 *
 * GET /api/reports/closures/{id}/deliveries             the mails of a closed month, per revision and recipient
 * GET /api/reports/schedule?companyId                   a company's schedule (supervision.read)
 * PUT /api/reports/schedule {companyId?, enabled, day, recipientIds}   set it (supervision.edit)
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { personSchema } from './reports';

export const deliveryStatuses = ['outbox', 'sent', 'failed'] as const;

/** One mail of a revision to one recipient, as the mail worker left it. */
export const reportDeliverySchema = z.object({
  revision: z.number().int().min(1),
  recipient: z.object({ id: idSchema, name: z.string(), email: z.string() }),
  /** The language the mail is written in (the recipient's); the files keep the closer's. */
  language: z.enum(['es', 'en']),
  /** attached: the PDF and XLSX travel with the mail; linked: over the size limit, links instead. */
  files: z.enum(['attached', 'linked']),
  /** outbox: waiting for SMTP, or kept there when no SMTP is set; sent / failed for good. */
  status: z.enum(deliveryStatuses),
  attempts: z.number().int(),
  /** The last failed attempt's reason: only for notifications.manage or outbox.read holders. */
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ReportDelivery = z.infer<typeof reportDeliverySchema>;

/** Oldest revision first, then by recipient name. */
export const reportDeliveryListSchema = z.object({ rows: z.array(reportDeliverySchema) });
export type ReportDeliveryList = z.infer<typeof reportDeliveryListSchema>;

export const reportScheduleQuerySchema = z.object({
  /** Provider staff name any company; default the current one. */
  companyId: idSchema.optional(),
});
export type ReportScheduleQuery = z.infer<typeof reportScheduleQuerySchema>;

export const reportScheduleBodySchema = z.object({
  companyId: idSchema.optional(),
  enabled: z.boolean(),
  /** Day of the month (1–28, so every month has it) the previous month is closed on, local time. */
  day: z.number().int().min(1).max(28),
  /** Users of the company (or provider staff) the report is mailed to; RP1007 for anyone else. */
  recipientIds: z.array(idSchema).max(100),
});
export type ReportScheduleBody = z.infer<typeof reportScheduleBodySchema>;

export const reportScheduleSchema = z.object({
  companyId: idSchema,
  enabled: z.boolean(),
  day: z.number().int().min(1).max(28),
  recipientIds: z.array(idSchema),
  /** Who set it: the scheduled close is made in this user's name and language; null: never set. */
  updatedBy: personSchema.nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type ReportSchedule = z.infer<typeof reportScheduleSchema>;
