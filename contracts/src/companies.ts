import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { emailSchema, optionalText, queryBoolean, requiredText, timeZoneSchema } from './common/text';

/** A company's public dashboard address: /public/dashboard/{slug}. */
export const companySlugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const companySlugMin = 3;
export const companySlugMax = 60;
export const companySlugSchema = z
  .string()
  .trim()
  .refine((v) => v.length >= companySlugMin && v.length <= companySlugMax && companySlugPattern.test(v), {
    message: 'slug',
  });

/**
 * The slug a business name suggests: lower-case ASCII, dashes between words, at most 50 characters
 * (room for a de-duplicating suffix); 'company' when too little is left. The migration that
 * backfilled slugs follows the same rule in SQL.
 */
export function slugOf(name: string): string {
  const ascii = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 50)
    .replace(/-+$/, '');
  return slug.length >= companySlugMin ? slug : 'company';
}

/**
 * Measure retention (docs/OPERATIONS.md "Data life"): months of measures a company keeps besides its
 * current month; null keeps them for ever. At least 3, so the ingestion backfill window (90 days by
 * default) and the month closes of the last months still have their raw measures.
 */
export const measureRetentionMinMonths = 3;
export const measureRetentionMaxMonths = 600;
export const measureRetentionMonthsSchema = z
  .number()
  .int()
  .min(measureRetentionMinMonths)
  .max(measureRetentionMaxMonths)
  .nullable();

export const companySummarySchema = z.object({
  id: idSchema,
  businessName: z.string(),
  slug: z.string(),
  isProvider: z.boolean(),
  preferredTimezone: z.string(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

export const companySchema = companySummarySchema.extend({
  contactName: z.string().nullable(),
  position: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.object({ id: idSchema, name: z.string(), code: z.string() }).nullable(),
  billingPlan: z.object({ id: idSchema, name: z.string() }).nullable(),
  users: z.number().int(),
  /** Months of measures kept besides the current one; null = for ever. */
  measureRetentionMonths: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
  deletedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type Company = z.infer<typeof companySchema>;

export const companyInputSchema = z.object({
  businessName: requiredText(200),
  /** Blank or missing: derived from the business name (a new company) or kept (an edit). */
  slug: z
    .union([companySlugSchema, z.literal('').transform(() => null), z.null()])
    .optional()
    .transform((v) => v ?? null),
  contactName: optionalText(200),
  position: optionalText(200),
  email: z
    .union([emailSchema, z.literal('').transform(() => null), z.null()])
    .optional()
    .transform((v) => v ?? null),
  phone: optionalText(50),
  countryId: idSchema.nullish().transform((v) => v ?? null),
  billingPlanId: idSchema.nullish().transform((v) => v ?? null),
  preferredTimezone: timeZoneSchema.default('Europe/Madrid'),
  /** null = kept for ever; missing: none for a new company, unchanged on an edit. */
  measureRetentionMonths: measureRetentionMonthsSchema.optional(),
});
export type CompanyInput = z.input<typeof companyInputSchema>;
export type CompanyInputParsed = z.output<typeof companyInputSchema>;

export const companyOrderFields = ['business_name', 'created_at', 'email'] as const;
export const companyListQuerySchema = listQuerySchema.extend({
  order: z.enum(companyOrderFields).default('business_name'),
  showDeleted: queryBoolean,
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const companyListSchema = listResponseSchema(companySchema);
