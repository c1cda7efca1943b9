/** The token form's values and their mapping to the contract's input (validated by it). */
import { apiTokenInputSchema, apiTokenUsageAlerts } from '@aforo/contracts/api-tokens';
import type { ApiToken, ApiTokenInput } from '@aforo/contracts/api-tokens';
import { schemaErrors } from '../../lib/form-validation';

export interface TokenFormValues {
  alias: string;
  /** "YYYY-MM-DD" (ui/DateTimeInput without time), "" = no end. */
  validUntil: string;
  /** "" = the plan's limit. */
  monthlyLimit: number | string;
  /** None chosen = every point of the company. */
  layerIds: string[];
}

export function tokenFormValues(token: ApiToken | null): TokenFormValues {
  return {
    alias: token?.alias ?? '',
    validUntil: token?.validUntil ?? '',
    monthlyLimit: token?.monthlyLimit ?? '',
    layerIds: token?.layerIds ?? [],
  };
}

/** What the form sends: blanks as null (no end, the plan's limit, every point). */
export function toTokenInput(values: TokenFormValues): ApiTokenInput {
  return {
    alias: values.alias,
    validUntil: values.validUntil === '' ? null : values.validUntil,
    monthlyLimit: values.monthlyLimit === '' ? null : Number(values.monthlyLimit),
    layerIds: values.layerIds.length === 0 ? null : values.layerIds,
  };
}

export function validateTokenForm(values: TokenFormValues): Record<string, string> {
  return schemaErrors(apiTokenInputSchema, toTokenInput(values));
}

/** Server codes that belong to one field of the form (contracts/src/errors/api-tokens.ts). */
export const fieldOfCode: Record<string, keyof TokenFormValues> = {
  TK1001: 'alias',
  TK1002: 'monthlyLimit',
  TK1004: 'validUntil',
};

/** The share of the month's limit used, 0–100; null when there is no limit. */
export function usagePercent(count: number, limit: number | null): number | null {
  if (limit === null || limit <= 0) return null;
  return Math.min(100, (count / limit) * 100);
}

/** Green under 80 %, orange from 80 % (the admins are told), red at the limit. */
export function usageColour(percent: number | null): string {
  if (percent === null) return 'gray';
  if (percent >= 100) return 'red';
  return percent >= apiTokenUsageAlerts[0] ? 'orange' : 'teal';
}

/** A call with a new token, for the reader to try at once. */
export function curlExample(secret: string, origin: string): string {
  return `curl -H "Authorization: Bearer ${secret}" ${origin}/api/v1/points`;
}
