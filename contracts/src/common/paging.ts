import { z } from 'zod';
import { safeText } from './text';

/** The longest page of any list. */
export const maxPageLength = 1000;

/** List query of docs/API.md: page from 1, length -1 = all (catalogue-sized lists only). */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z.coerce
    .number()
    .int()
    .min(-1)
    .max(maxPageLength)
    .refine((n) => n !== 0)
    .default(25),
  order: safeText().max(64).optional(),
  dir: z
    .enum(['ASC', 'DESC', 'asc', 'desc'])
    .transform((d) => d.toUpperCase() as 'ASC' | 'DESC')
    .default('DESC'),
  search: safeText().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/**
 * The page length of lists over tables that devices make grow (measures, events, failed measures,
 * history): 1 to maxPageLength, never "all" (-1); their /export streams every row instead.
 */
export const pageLength = z.coerce
  .number()
  .int()
  .min(1, { message: 'pageLength' })
  .max(maxPageLength, { message: 'pageLength' })
  .default(25);

/** listQuerySchema without "all": the list of a growing table. */
export const pagedListQuerySchema = listQuerySchema.extend({ length: pageLength });

/** Column separator of a CSV export: `;` for spreadsheets set up for a decimal comma. */
export const csvSeparatorSchema = z.enum([',', ';']).default(',');

export function listResponseSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}
