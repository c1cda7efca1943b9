import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

export const countrySchema = z.object({
  id: idSchema,
  name: z.string(),
  /** ISO 3166-1 alpha-2 */
  code: z.string(),
  companies: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Country = z.infer<typeof countrySchema>;

export const countryInputSchema = z.object({
  name: requiredText(100),
  code: safeText()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
});
export type CountryInput = z.infer<typeof countryInputSchema>;

export const countryOrderFields = ['name', 'code', 'created_at'] as const;
export const countryListQuerySchema = listQuerySchema.extend({
  order: z.enum(countryOrderFields).default('name'),
});
export type CountryListQuery = z.infer<typeof countryListQuerySchema>;
export const countryListSchema = listResponseSchema(countrySchema);
