import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { optionalText, requiredText } from './common/text';

export const brandSchema = z.object({
  id: idSchema,
  abbreviation: z.string(),
  description: z.string().nullable(),
  models: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Brand = z.infer<typeof brandSchema>;

export const brandInputSchema = z.object({
  abbreviation: requiredText(20),
  description: optionalText(200),
});
export type BrandInput = z.output<typeof brandInputSchema>;

export const brandListQuerySchema = listQuerySchema.extend({
  order: z.enum(['abbreviation', 'created_at']).default('abbreviation'),
});
export type BrandListQuery = z.infer<typeof brandListQuerySchema>;
export const brandListSchema = listResponseSchema(brandSchema);
