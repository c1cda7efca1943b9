/**
 * Counting API calls without a database round trip per call while far from the limit (issue 26:
 * "the quota check adds < 2 ms at p99 under 50 concurrent clients"; docs/API.md "Counting").
 *
 * Every call of a token increments one row (token, month): done per call, concurrent calls queue on
 * that row's lock and each waits for the previous commit — 100–230 ms at 50 clients here. So:
 * - **Near the limit** (or the first call of a token in this process): the exact statement per call
 *   (api-token-auth.repository.ts `count`), after flushing what this process holds: never past the
 *   limit, whatever the concurrency.
 * - **Far from it** (more than `margin` calls left by the last count this process read): the call is
 *   counted in memory and answered at once; what was counted is added to the database every
 *   `flushMs` in one statement per token (month, day/endpoint rows, last-used hour), and the count
 *   read back. Every answered call is counted: the database lags by at most `flushMs` (and what a
 *   crash loses of the last interval — calls that were answered, so the client is never short).
 * With several API processes each spends from the same last count until its next flush, so the margin
 * (2 % of the limit, at least 200 calls) covers what they answer in one interval together.
 */
import type { ApiTokenAuthRepository } from './api-token-auth.repository';

interface Tally {
  tokenId: string;
  month: string;
  /** The month's count as the database last said (all processes). */
  known: number;
  /** Answered here and not yet in the database, by day|endpoint. */
  pending: Map<string, number>;
  pendingTotal: number;
  hour: Date;
  flushing: Promise<void> | null;
}

export interface TallyCall {
  tokenId: string;
  /** First day of the month, 'YYYY-MM-01'. */
  month: string;
  day: string;
  hour: Date;
  endpoint: string;
  limit: number;
  notices: readonly number[];
}

export const usageMargin = (limit: number) => Math.max(200, Math.ceil(limit * 0.02));

export function createUsageTally(
  repo: ApiTokenAuthRepository,
  options: { flushMs?: number; log?: (err: unknown) => void } = {},
) {
  const tallies = new Map<string, Tally>();
  /** A token's first exact count in this process: concurrent first calls wait for it, not the row lock. */
  const establishing = new Map<string, Promise<unknown>>();
  const keyOf = (tokenId: string, month: string) => `${tokenId}|${month}`;

  async function flushOne(t: Tally): Promise<void> {
    if (t.flushing) return t.flushing;
    if (t.pendingTotal === 0) return;
    const parts = [...t.pending].map(([key, n]) => {
      const [day, endpoint] = [key.slice(0, 10), key.slice(11)];
      return { day, endpoint, n };
    });
    const taken = t.pendingTotal;
    t.pending = new Map();
    t.pendingTotal = 0;
    t.flushing = repo
      .addCalls({ tokenId: t.tokenId, month: t.month, hour: t.hour, parts })
      .then(
        (count) => {
          // the database's count, every process's calls included; what came in meanwhile stays pending
          t.known = Math.max(t.known, count);
        },
        (err: unknown) => {
          // kept for the next flush: an answered call is never forgotten
          for (const p of parts)
            t.pending.set(`${p.day}|${p.endpoint}`, (t.pending.get(`${p.day}|${p.endpoint}`) ?? 0) + p.n);
          t.pendingTotal += taken;
          options.log?.(err);
        },
      )
      .finally(() => {
        t.flushing = null;
      });
    return t.flushing;
  }

  async function flush(): Promise<void> {
    await Promise.all(
      [...tallies.values()].map(async (t) => {
        await t.flushing;
        await flushOne(t);
      }),
    );
    // months that ended and hold nothing more are forgotten (one entry per token and month)
    const current = new Date().toISOString().slice(0, 7);
    for (const [key, t] of tallies)
      if (t.pendingTotal === 0 && !t.flushing && t.month.slice(0, 7) < current) tallies.delete(key);
  }

  const timer = setInterval(() => void flush(), options.flushMs ?? 100);
  timer.unref();

  const levelOf = (n: number, limit: number, notices: readonly number[]) =>
    [...notices].reverse().find((share) => n * 100 >= share * limit) ?? 0;

  return {
    /** Counts the call: the month's count after it and the notice it crossed, or count null over the limit. */
    async count(call: TallyCall): Promise<{ count: number | null; notice: number }> {
      const key = keyOf(call.tokenId, call.month);
      const first = establishing.get(key);
      if (!tallies.has(key) && first) await first.catch(() => undefined);
      const t = tallies.get(key);
      if (t && call.limit - (t.known + t.pendingTotal) > usageMargin(call.limit)) {
        const part = `${call.day}|${call.endpoint}`;
        t.pending.set(part, (t.pending.get(part) ?? 0) + 1);
        t.pendingTotal += 1;
        if (call.hour > t.hour) t.hour = call.hour;
        const count = t.known + t.pendingTotal;
        const notice = levelOf(count, call.limit, call.notices);
        return { count, notice: notice > levelOf(count - 1, call.limit, call.notices) ? notice : 0 };
      }
      // near the limit or first seen: what this process holds goes first, then the exact statement
      if (t) {
        await t.flushing;
        await flushOne(t);
      }
      const exact = repo.count(call);
      if (!t) {
        establishing.set(key, exact);
        void exact
          .finally(() => establishing.get(key) === exact && establishing.delete(key))
          .catch(() => undefined);
      }
      const counted = await exact;
      const tally = tallies.get(key) ?? {
        tokenId: call.tokenId,
        month: call.month,
        known: 0,
        pending: new Map(),
        pendingTotal: 0,
        hour: call.hour,
        flushing: null,
      };
      // over the limit (null): the month is spent, so every later call goes the exact way too
      tally.known = Math.max(tally.known, counted.count ?? call.limit);
      tallies.set(key, tally);
      return counted;
    },
    /** Writes what is held (shutdown, tests). */
    flush,
    stop() {
      clearInterval(timer);
      return flush();
    },
  };
}
export type UsageTally = ReturnType<typeof createUsageTally>;
