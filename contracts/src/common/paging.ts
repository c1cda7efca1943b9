import { z } from 'zod';

/** List query of DESIGN.md §4: page from 1, length -1 = all. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  length: z.coerce
    .number()
    .int()
    .min(-1)
    .max(1000)
    .refine((n) => n !== 0)
    .default(25),
  order: z.string().max(64).optional(),
  dir: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .transform((d) => d.toUpperCase() as 'ASC' | 'DESC')
    .default('DESC'),
  search: z.string().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

export function listResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}
