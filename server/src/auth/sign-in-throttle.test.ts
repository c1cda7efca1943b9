import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../core/errors';
import { createSignInThrottle, slowDownMs } from './sign-in-throttle';

const limits = { perAccountAndIp: 10, perIp: 30, perAccount: 10, maxDelayMs: 1500 };

/** One sign-in attempt that fails; returns the wait, or the Retry-After seconds as a negative. */
function fail(throttle: ReturnType<typeof createSignInThrottle>, account: string, ip: string): number {
  try {
    const wait = throttle.begin(account, ip);
    throttle.failed(account);
    return wait;
  } catch (err) {
    if (err instanceof RateLimitedError) return -err.retryAfterSeconds;
    throw err;
  }
}

describe('slowDownMs', () => {
  it('waits nothing up to the free failures, then grows and stops at the ceiling', () => {
    const waits = [0, 9, 10, 11, 12, 13, 14, 1_000_000].map((n) => slowDownMs(n, 10, 1500));
    expect(waits).toEqual([0, 0, 100, 200, 400, 800, 1500, 1500]);
  });
});

describe('createSignInThrottle', () => {
  it('refuses one address on one account after its failures, with the seconds left in the window', () => {
    let now = 0;
    const throttle = createSignInThrottle(limits, () => now);
    for (let i = 0; i < 10; i++) expect(fail(throttle, 'u', '10.0.0.1')).toBeGreaterThanOrEqual(0);
    now = 20_000;
    expect(fail(throttle, 'u', '10.0.0.1')).toBe(-40);
    expect(throttle.begin('u', '10.0.0.2')).toBeGreaterThan(0);
    now = 60_000;
    expect(fail(throttle, 'u', '10.0.0.1')).toBeGreaterThanOrEqual(0);
  });

  it('never refuses a clean address on an account under attack from everywhere, only slows it', () => {
    const throttle = createSignInThrottle(limits, () => 0);
    for (let i = 0; i < 2000; i++) fail(throttle, 'u', `10.${i % 200}.0.1`);
    expect(throttle.begin('u', '192.168.1.1')).toBe(1500);
  });

  it('counts attempts before the password check, so parallel guesses are limited too', () => {
    const throttle = createSignInThrottle(limits, () => 0);
    for (let i = 0; i < 10; i++) throttle.begin('u', '10.0.0.1');
    expect(() => throttle.begin('u', '10.0.0.1')).toThrow(RateLimitedError);
  });

  it('limits one address over many accounts, and treats an IPv6 /64 as one address', () => {
    const throttle = createSignInThrottle(limits, () => 0);
    for (let i = 0; i < 30; i++) expect(fail(throttle, `user-${i}`, `2001:db8::${i}`)).toBe(0);
    expect(fail(throttle, 'another', '2001:db8::ffff')).toBeLessThan(0);
    expect(fail(throttle, 'another', '2001:db8:0:1::1')).toBe(0);
  });
});
