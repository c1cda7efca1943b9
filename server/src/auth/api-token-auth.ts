/**
 * The /api/v1 door (docs/API.md "API tokens"): turns `Authorization: Bearer afo_…` into an apiToken
 * caller of its company (core/caller.ts; the one access function narrows it to its layers) and
 * counts the call against the token's monthly limit.
 *
 * Per call: the token is looked up in memory (by its prefix; dropped on 'api-token.changed' and
 * 'company.changed', read again after 10 s at most), the secret checked against its SHA-256, a
 * per-minute burst checked in memory (per process), then the call is counted (auth/api-usage-tally.ts:
 * in memory and written every 100 ms while far from the limit, one exact statement per call near it)
 * and whether it crossed 80 % or 100 % is told.
 * The answer carries RateLimit-Limit / -Remaining / -Reset; over the month's limit or the burst → 429
 * with Retry-After; an unknown, expired or revoked token → 401.
 */
import { LRUCache } from 'lru-cache';
import {
  apiTokenBurstPerMinute,
  apiTokenUsageAlerts,
  monthlyLimitOf,
  usageMonthOf,
} from '@aforo/contracts/api-tokens';
import type { Language } from '@aforo/contracts/constants';
import { RateLimitedError, UnauthorizedError } from '../core/errors';
import { callerContext, type RequestContext } from '../core/request-context';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { RateLimiter } from '../lib/rate-limiter';
import { looksLikeSecret, prefixOf, secretMatches } from './api-token-secret';
import { createApiTokenAuthRepository, type TokenForAuth } from './api-token-auth.repository';
import { createUsageTally } from './api-usage-tally';

export interface ApiCall {
  ctx: RequestContext;
  tokenId: string;
  /** RateLimit-* headers of the answer. */
  headers: Record<string, string>;
}

export interface UsageCrossed {
  companyId: string;
  tokenId: string;
  alias: string;
  share: number;
  count: number;
  limit: number;
  month: string;
}

export interface ApiTokenAuthOptions {
  db: Db;
  events: Pick<EventBus, 'onNow' | 'onResync'>;
  clock?: () => Date;
  /** Calls a minute per token (default apiTokenBurstPerMinute). */
  burstPerMinute?: number;
  /** A call crossed 80 % or 100 % of the month (the caller gives the notice; errors are its own). */
  onUsage?: (crossed: UsageCrossed) => void;
  /** How often calls counted in memory are written (auth/api-usage-tally.ts; default 100 ms). */
  flushMs?: number;
  log?: (err: unknown) => void;
}

const cacheMs = 10_000;

export function createApiTokenAuth(options: ApiTokenAuthOptions) {
  const repo = createApiTokenAuthRepository(options.db);
  const clock = options.clock ?? (() => new Date());
  const burst = new RateLimiter(options.burstPerMinute ?? apiTokenBurstPerMinute, 60_000, () =>
    clock().getTime(),
  );
  // by prefix: the row as read, when, and a refresh under way. An entry older than 10 s is read
  // again in the background while calls go on with it (a revocation arrives as an event at once; a
  // burst of calls never waits on one shared re-read behind a busy pool)
  const tokens = new LRUCache<string, { row: Promise<TokenForAuth | null>; at: number; refreshing: boolean }>(
    {
      max: 10_000,
    },
  );
  const tally = createUsageTally(repo, {
    flushMs: options.flushMs,
    log: options.log,
  });
  const forget = () => tokens.clear();
  options.events.onNow('api-token.changed', forget);
  options.events.onNow('company.changed', forget);
  options.events.onResync(forget);

  function read(prefix: string): Promise<TokenForAuth | null> {
    const row = repo.findByPrefix(prefix).then((t) => t ?? null);
    return row;
  }

  function lookUp(prefix: string): Promise<TokenForAuth | null> {
    const hit = tokens.get(prefix);
    const now = Date.now();
    if (!hit) {
      const entry = { row: read(prefix), at: now, refreshing: false };
      tokens.set(prefix, entry);
      entry.row.catch(() => tokens.get(prefix) === entry && tokens.delete(prefix));
      return entry.row;
    }
    if (now - hit.at > cacheMs && !hit.refreshing) {
      hit.refreshing = true;
      const fresh = read(prefix);
      fresh.then(
        () => {
          // only if nothing dropped or replaced the entry meanwhile (an event wins over a read)
          if (tokens.get(prefix) === hit)
            tokens.set(prefix, { row: fresh, at: Date.now(), refreshing: false });
        },
        () => {
          hit.refreshing = false;
        },
      );
    }
    return hit.row;
  }

  return {
    /** Checks the token and counts the call to `endpoint` (the route pattern), or throws 401/429. */
    async admit(authorization: string | undefined, endpoint: string, lang: Language): Promise<ApiCall> {
      const secret = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
      if (!secret || !looksLikeSecret(secret)) throw new UnauthorizedError('TK1010');
      const token = await lookUp(prefixOf(secret));
      if (!token || token.companyGone || !secretMatches(secret, token.secretHash))
        throw new UnauthorizedError('TK1010');
      if (token.revoked) throw new UnauthorizedError('TK1012');
      const now = clock();
      const today = now.toISOString().slice(0, 10);
      if (token.validUntil !== null && token.validUntil < today) throw new UnauthorizedError('TK1011');

      if (!burst.hit(token.id))
        throw new RateLimitedError(Math.max(1, Math.ceil(burst.retryAfterMs(token.id) / 1000)), 'TK1014');

      // no plan and no own limit: no calls (a company needs a billing plan to use the API)
      const limit = monthlyLimitOf(token.monthlyLimit, token.planLimit) ?? 0;
      const month = usageMonthOf(now);
      const resetSeconds = Math.max(1, Math.ceil((month.resetsAt.getTime() - now.getTime()) / 1000));
      const counted =
        limit > 0
          ? await tally.count({
              tokenId: token.id,
              month: month.from,
              day: today,
              hour: new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000),
              endpoint,
              limit,
              notices: apiTokenUsageAlerts,
            })
          : { count: null, notice: 0 };
      const headers = {
        'ratelimit-limit': String(limit),
        'ratelimit-remaining': String(Math.max(0, limit - (counted.count ?? limit))),
        'ratelimit-reset': String(resetSeconds),
      };
      if (counted.count === null) {
        throw new RateLimitedError(resetSeconds, 'TK1013', headers);
      }
      if (counted.notice > 0)
        options.onUsage?.({
          companyId: token.companyId,
          tokenId: token.id,
          alias: token.alias,
          share: counted.notice,
          count: counted.count,
          limit,
          month: month.month,
        });
      const caller = {
        kind: 'apiToken' as const,
        tokenId: token.id,
        companyId: token.companyId,
        layerIds: token.layerIds,
      };
      return { ctx: callerContext(caller, token.companyId, lang), tokenId: token.id, headers };
    },
    /** Writes the calls counted in memory (tests; a process that stops). */
    flush: () => tally.flush(),
    stop: () => tally.stop(),
  };
}
export type ApiTokenAuth = ReturnType<typeof createApiTokenAuth>;
