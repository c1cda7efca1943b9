/** Rows of api_tokens to the API's ApiToken (contracts/api-tokens.ts), with the month's usage. */
import { apiTokenExpiryWarningDays, type ApiToken, type ApiTokenState } from '@aforo/contracts/api-tokens';
import type { ApiTokenRow, UsageRow } from './api-tokens.repository';

/** The calendar month (UTC) of an instant: its first day and the first day of the next. */
export function monthOf(now: Date): { month: string; from: string; to: string; resetsAt: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { month: day(start).slice(0, 7), from: day(start), to: day(next), resetsAt: next };
}

/** The limit that applies: the token's own when set (never above the plan's), else the plan's. */
export const limitOf = (own: number | null, plan: number | null): number | null =>
  own === null ? plan : plan === null ? own : Math.min(own, plan);

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
  const { month, resetsAt } = monthOf(now);
  const limit = limitOf(row.monthlyLimit, row.planLimit);
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
