/**
 * API tokens (docs/API.md "API tokens"): a client company's systems (SCADA, GIS, spreadsheets) read
 * its data through /api/v1 with `Authorization: Bearer <secret>`. The secret is shown once, at
 * creation, and stored hashed; its first characters (the prefix) are kept to recognise it. Each call
 * counts against the token's monthly limit (the company's billing plan, or lower per token), by
 * calendar month in UTC.
 *
 * GET    /api/tokens          list with this month's usage (ADMIN, ADMIN_CLIENTE)
 * POST   /api/tokens          create → the token and its secret (the only time it is returned)
 * PUT    /api/tokens/{id}     alias, validity, own limit, layers
 * DELETE /api/tokens/{id}     revoke (the token answers 401 from then on; kept for its history)
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { isoDate, safeText } from './common/text';

/** Secrets start with this, so a leaked one is recognisable (secret scanners, logs). */
export const apiTokenSecretPrefix = 'afo_';
/** Characters of the secret after `afo_` kept in clear to recognise a token in the list. */
export const apiTokenPrefixLength = 8;
/** Calls a minute one token may make whatever its monthly quota (a runaway script stops here). */
export const apiTokenBurstPerMinute = 600;
/** The tokens page warns this many days before a token's validity ends. */
export const apiTokenExpiryWarningDays = 7;
/** Share of the monthly limit at which the company's admins are told (then again at 100 %). */
export const apiTokenUsageAlerts = [80, 100] as const;

/** The limit that applies: the token's own when set (never above the plan's), else the plan's; null = none. */
export const monthlyLimitOf = (own: number | null, plan: number | null): number | null =>
  own === null ? plan : plan === null ? own : Math.min(own, plan);

/** The calendar month (UTC) of an instant: 'YYYY-MM', its first day, the next month's first day and that instant. */
export function usageMonthOf(now: Date): { month: string; from: string; to: string; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { month: day(start).slice(0, 7), from: day(start), to: day(next), resetsAt: next };
}

export const apiTokenStates = ['active', 'expired', 'revoked'] as const;
export type ApiTokenState = (typeof apiTokenStates)[number];

export const apiTokenUsageSchema = z.object({
  /** Calendar month in UTC, 'YYYY-MM'. */
  month: z.string(),
  count: z.number().int(),
  /** The limit that applies this month: the token's own or the plan's (null: no plan, no calls). */
  limit: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  /** When the count starts again: the first instant of next month, UTC. */
  resetsAt: z.string(),
  byDay: z.array(z.object({ day: z.string(), count: z.number().int() })),
  byEndpoint: z.array(z.object({ endpoint: z.string(), count: z.number().int() })),
});
export type ApiTokenUsage = z.infer<typeof apiTokenUsageSchema>;

export const apiTokenSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  alias: z.string(),
  /** `afo_` and the first characters of the secret, to tell tokens apart. */
  prefix: z.string(),
  /** Last day the token works (inclusive, UTC), or null: no end. */
  validUntil: z.string().nullable(),
  /** The token's own monthly limit, lower than the plan's; null = the plan's. */
  monthlyLimit: z.number().int().nullable(),
  /** The company's billing plan limit per token. */
  planLimit: z.number().int().nullable(),
  /** Only these layers' points are readable; null = every point of the company. */
  layerIds: z.array(idSchema).nullable(),
  state: z.enum(apiTokenStates),
  /** Valid until within apiTokenExpiryWarningDays. */
  expiresSoon: z.boolean(),
  /** Hour of the last call (hourly resolution), or null. */
  lastUsedAt: z.string().nullable(),
  usage: apiTokenUsageSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  updatedBy: z.object({ id: idSchema, name: z.string() }).nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListSchema = z.object({ rows: z.array(apiTokenSchema), total: z.number().int() });

export const apiTokenInputSchema = z.object({
  alias: safeText().trim().min(1).max(100),
  validUntil: isoDate().nullable().default(null),
  monthlyLimit: z.number().int().min(1).max(1_000_000_000).nullable().default(null),
  layerIds: z.array(idSchema).max(200).nullable().default(null),
});
export type ApiTokenInput = z.input<typeof apiTokenInputSchema>;
export type ApiTokenInputParsed = z.output<typeof apiTokenInputSchema>;

/** The answer of POST /api/tokens: the only time the secret leaves the server. */
export const createdApiTokenSchema = apiTokenSchema.extend({ secret: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenListQuerySchema = z.object({
  /** Revoked tokens too. */
  showRevoked: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
});
