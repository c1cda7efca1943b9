import { z } from 'zod';
import { idSchema } from './common/ids';

export const companySummarySchema = z.object({
  id: idSchema,
  businessName: z.string(),
  isProvider: z.boolean(),
  preferredTimezone: z.string(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;
