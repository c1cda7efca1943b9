/**
 * Sign-in throttling (docs/ROLES.md): failures are counted per (account, address) and per address,
 * which answer 429; failures on an account from anywhere only slow it down, so nobody can lock a
 * known user out by failing on purpose.
 */
import { RateLimitedError } from '../core/errors';
import { addressKey, RateLimiter, retryAfterSeconds } from '../lib/rate-limiter';

export interface SignInLimits {
  /** Failed sign-ins a window from one address on one account; beyond, that address gets 429 for it. */
  perAccountAndIp: number;
  /** Failed sign-ins a window from one address over all accounts; beyond, the address gets 429. */
  perIp: number;
  /** Failed sign-ins a window on one account from anywhere; beyond, every attempt on it waits. */
  perAccount: number;
  /** Ceiling of that wait, ms (default 1500). */
  maxDelayMs?: number;
  /** Counting window, ms (default one minute). */
  windowMs?: number;
}

/** The wait before checking a password: none up to `free` failures, then 100 ms doubling to `max`. */
export function slowDownMs(failures: number, free: number, max: number): number {
  if (failures < free) return 0;
  return Math.min(max, 100 * 2 ** Math.min(failures - free, 20));
}

export function createSignInThrottle(limits: SignInLimits, now: () => number = Date.now) {
  const windowMs = limits.windowMs ?? 60_000;
  const maxDelayMs = limits.maxDelayMs ?? 1500;
  const byPair = new RateLimiter(limits.perAccountAndIp, windowMs, now);
  const byAddress = new RateLimiter(limits.perIp, windowMs, now);
  const failuresOf = new RateLimiter(Number.MAX_SAFE_INTEGER, windowMs, now);
  const keys = (account: string, ip: string) => {
    const address = addressKey(ip);
    return { address, pair: `${address} ${account}` };
  };

  return {
    /**
     * Before the password check: refuses an address over its limits (429 with Retry-After), else
     * counts the attempt up front (so parallel guesses count too) and returns the wait in ms.
     */
    begin(account: string, ip: string): number {
      const { address, pair } = keys(account, ip);
      const over = [
        [byPair, pair],
        [byAddress, address],
      ] as const;
      const waits = over.filter(([l, k]) => l.isExhausted(k)).map(([l, k]) => l.retryAfterMs(k));
      if (waits.length > 0) throw new RateLimitedError(retryAfterSeconds(Math.max(...waits)));
      byPair.hit(pair);
      byAddress.hit(address);
      return slowDownMs(failuresOf.count(account), limits.perAccount, maxDelayMs);
    },

    failed(account: string): void {
      failuresOf.hit(account);
    },

    /** The right password: this attempt was no guess, so it does not count against the address. */
    succeeded(account: string, ip: string): void {
      const { address, pair } = keys(account, ip);
      byPair.reset(pair);
      byAddress.refund(address);
    },
  };
}
