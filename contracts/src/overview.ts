/**
 * GET /api/overview (docs/WEB.md Overview): the current company's network at a glance; for provider
 * staff with `scope=all` (docs/WEB.md "All companies"), the whole network's totals (or one company's,
 * with `companyId`).
 * GET /api/overview/companies: for provider staff, the same figures per company of the network.
 *
 * Definitions (docs/ARCHITECTURE.md "Overview and monitoring"):
 * - points by level: live points counted by their level (contracts/point-state.ts), NO_DATA for
 *   points with neither a reading nor an open alert;
 * - transmitting today: of the live points not in test, those whose latest reading was measured
 *   since midnight in the company's time zone. Over several companies each counts from its own
 *   midnight and `since` is the earliest of them;
 * - operation this month: the month's operation % so far (docs/REPORTS.md "Operation %");
 * - devices out of service: installed devices (Active, Not Operational, Maintenance, Repaired, at a
 *   point not in test) whose point is past its No Transmission deadline (docs/ALERTS.md: last heard
 *   more than 2 × transmission time + 5 min ago); "under 24 h" when that deadline passed less than
 *   24 hours ago, "over 24 h" otherwise (docs/REPORTS.md installed-device transmission status).
 *
 * The network: every client company, and the provider company too when it has live points.
 */
import { z } from 'zod';
import { alertSchema } from './alerts';
import { idSchema } from './common/ids';
import { networkScopeQuery, rowCompanySchema } from './common/network-scope';
import { listResponseSchema } from './common/paging';
import { safeText } from './common/text';
import { pointLevelFilters } from './point-state';
import { operationCountsSchema } from './reports';

/** How many open alerts the overview lists (newest first). */
export const overviewAlertCount = 8;
export const maxOverviewCompaniesPageLength = 100;

export const levelCountsSchema = z.object(
  Object.fromEntries(pointLevelFilters.map((level) => [level, z.number().int()])) as Record<
    (typeof pointLevelFilters)[number],
    z.ZodNumber
  >,
);
export type LevelCounts = z.infer<typeof levelCountsSchema>;

export const outOfServiceSchema = z.object({
  under24h: z.number().int(),
  over24h: z.number().int(),
});
export type OutOfService = z.infer<typeof outOfServiceSchema>;

export const overviewQuerySchema = z.object(networkScopeQuery);
export type OverviewQuery = z.infer<typeof overviewQuerySchema>;

export const transmittingTodaySchema = z.object({
  transmitting: z.number().int(),
  /** Live points not in test. */
  total: z.number().int(),
  /** transmitting / total × 100, one decimal; null without points. */
  percent: z.number().nullable(),
  /** Midnight of today in the company's time zone (several companies: the earliest). */
  since: z.iso.datetime({ offset: true }),
});
export type TransmittingToday = z.infer<typeof transmittingTodaySchema>;

/**
 * The month's operation % so far (docs/REPORTS.md "Operation %"): the finished days of the current
 * local month (today is never counted), with the counts behind it. On the first of a month it has no
 * days yet: percent null.
 */
export const operationThisMonthSchema = operationCountsSchema.extend({
  month: z.string(),
  from: z.string(),
  /** The last finished day counted (yesterday, local); before `from` on the first of a month. */
  to: z.string(),
});
export type OperationThisMonth = z.infer<typeof operationThisMonthSchema>;

export const overviewSchema = z.object({
  points: z.object({ total: z.number().int(), byLevel: levelCountsSchema }),
  latestAlerts: z.array(alertSchema),
  /** Open (not cleared) alerts of the company (or of the network), all of them. */
  openAlerts: z.number().int(),
  transmittingToday: transmittingTodaySchema,
  operationThisMonth: operationThisMonthSchema,
  devicesOutOfService: outOfServiceSchema,
  /** The caller is provider staff looking at the provider company: show the companies table. */
  providerView: z.boolean(),
  /** Read with `scope=all`: the figures are the network's (or the one company's asked for). */
  network: z.boolean(),
});
export type Overview = z.infer<typeof overviewSchema>;

export const overviewCompaniesQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  length: z.coerce.number().int().min(1).max(maxOverviewCompaniesPageLength).default(25),
  search: safeText().max(200).optional(),
  /** Only this company's row (the network view's company filter). */
  companyId: idSchema.optional(),
});
export type OverviewCompaniesQuery = z.infer<typeof overviewCompaniesQuerySchema>;

export const overviewCompanyRowSchema = rowCompanySchema.extend({
  points: z.object({ total: z.number().int(), byLevel: levelCountsSchema }),
  /** Open alerts of every type. */
  openAlerts: z.number().int(),
  openDanger: z.number().int(),
  openNoTransmission: z.number().int(),
  devicesOutOfService: outOfServiceSchema,
  transmittingToday: transmittingTodaySchema,
});
export type OverviewCompanyRow = z.infer<typeof overviewCompanyRowSchema>;
export const overviewCompaniesSchema = listResponseSchema(overviewCompanyRowSchema);
