import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';

export const mailSchema = z.object({
  id: idSchema,
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.enum(['outbox', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Mail = z.infer<typeof mailSchema>;

export const mailListQuerySchema = listQuerySchema.extend({
  order: z.enum(['created_at']).default('created_at'),
});
export type MailListQuery = z.infer<typeof mailListQuerySchema>;
export const mailListSchema = listResponseSchema(mailSchema);
