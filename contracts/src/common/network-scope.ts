/**
 * The provider's network view (docs/WEB.md "All companies"): provider staff read Overview,
 * Monitoring, Map and Alerts across every client company with `scope=all`, optionally narrowed to one
 * company with `companyId`. Without `scope` a list is the current company's, as every other screen.
 */
import { z } from 'zod';
import { idSchema } from './ids';

export const networkScopes = ['all'] as const;

/** Spread into a list's query schema. `companyId` only means something with `scope=all`. */
export const networkScopeQuery = {
  scope: z.enum(networkScopes).optional(),
  companyId: idSchema.optional(),
};

export const networkScopeSchema = z.object(networkScopeQuery);
export type NetworkScopeQuery = z.infer<typeof networkScopeSchema>;

/** The company a row of a network-wide list belongs to (every row carries it, also in one company). */
export const rowCompanySchema = z.object({ companyId: idSchema, companyName: z.string() });
export type RowCompany = z.infer<typeof rowCompanySchema>;
