/** Rows of api_tokens to the API's ApiToken (contracts/api-tokens.ts), with the month's usage. */
// the month and the limit rule are the /api/v1 door's too (auth/api-token-auth.ts): one definition
import {
  apiTokenExpiryWarningDays,
  monthlyLimitOf,
  usageMonthOf,
  type ApiToken,
  type ApiTokenState,
} from '@aforo/contracts/api-tokens';
import type { ApiTokenRow, UsageRow } from './api-tokens.repository';

export function stateOf(row: Pick<ApiTokenRow, 'revokedAt' | 'validUntil'>, now: Date): ApiTokenState {
  if (row.revokedAt) return 'revoked';
  if (row.validUntil && row.validUntil < now.toISOString().slice(0, 10)) return 'expired';
  return 'active';
}

function expiresSoon(validUntil: string | null, now: Date): boolean {
  if (!validUntil) return false;
  const left = (Date.parse(`${validUntil}T23:59:59.999Z`) - now.getTime()) / 86_400_000;
  return left >= 0 && left <= apiTokenExpiryWarningDays;
}

function sums(rows: UsageRow[], key: 'day' | 'endpoint') {
  const out = new Map<string, number>();
  for (const r of rows) out.set(r[key], (out.get(r[key]) ?? 0) + r.count);
  return [...out].map(
    ([k, count]) =>
      ({ [key]: k, count }) as { day: string; count: number } & { endpoint: string; count: number },
  );
}

export function toApiToken(row: ApiTokenRow, usage: UsageRow[], now: Date): ApiToken {
  const { month, resetsAt } = usageMonthOf(now);
  const limit = monthlyLimitOf(row.monthlyLimit, row.planLimit);
  const mine = usage.filter((u) => u.tokenId === row.id);
  return {
    id: row.id,
    companyId: row.companyId,
    alias: row.alias,
    prefix: row.prefix,
    validUntil: row.validUntil,
    monthlyLimit: row.monthlyLimit,
    planLimit: row.planLimit,
    layerIds: row.layerIds,
    state: stateOf(row, now),
    expiresSoon: !row.revokedAt && expiresSoon(row.validUntil, now),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    usage: {
      month,
      count: row.count,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - row.count),
      resetsAt: resetsAt.toISOString(),
      byDay: sums(mine, 'day').map(({ day, count }) => ({ day, count })),
      byEndpoint: sums(mine, 'endpoint')
        .map(({ endpoint, count }) => ({ endpoint, count }))
        .sort((a, b) => b.count - a.count || a.endpoint.localeCompare(b.endpoint)),
    },
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy && row.updatedByName ? { id: row.updatedBy, name: row.updatedByName } : null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/** What the history keeps of a token: never the secret nor its hash. */
export function apiTokenHistory(row: ApiTokenRow) {
  return {
    alias: row.alias,
    prefix: row.prefix,
    validUntil: row.validUntil,
    monthlyLimit: row.monthlyLimit,
    layerIds: row.layerIds,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}
