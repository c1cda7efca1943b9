import { describe, expect, it } from 'vitest';
import { addressKey, RateLimiter, retryAfterSeconds } from './rate-limiter';

describe('RateLimiter', () => {
  it('allows the limit per window, then refuses until the window turns', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3, 4].map(() => limiter.hit('k'))).toEqual([true, true, true, false]);
    expect(limiter.hit('other')).toBe(true);
    now = 60_000;
    expect(limiter.hit('k')).toBe(true);
  });

  it('forgets a key on reset', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    limiter.hit('k');
    expect(limiter.hit('k')).toBe(false);
    limiter.reset('k');
    expect(limiter.hit('k')).toBe(true);
  });
});

describe('RateLimiter windows', () => {
  it('tells how long until the window turns and forgets the count after it', () => {
    let now = 1_000;
    const limiter = new RateLimiter(2, 60_000, () => now);
    limiter.hit('k');
    limiter.hit('k');
    expect(limiter.isExhausted('k')).toBe(true);
    now += 15_000;
    expect(limiter.retryAfterMs('k')).toBe(45_000);
    now += 45_000;
    expect([limiter.isExhausted('k'), limiter.count('k'), limiter.retryAfterMs('k')]).toEqual([false, 0, 0]);
  });

  it('gives a hit back on refund', () => {
    const limiter = new RateLimiter(1, 60_000, () => 0);
    limiter.hit('k');
    limiter.refund('k');
    expect(limiter.isExhausted('k')).toBe(false);
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least one', () => {
    expect([0, 1, 999, 1000, 1001, 59_999].map(retryAfterSeconds)).toEqual([1, 1, 1, 1, 2, 60]);
  });
});

describe('addressKey', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(addressKey('10.0.0.1')).toBe('10.0.0.1');
    expect(addressKey('::ffff:10.0.0.1')).toBe('10.0.0.1');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const key = addressKey('2001:db8:0:1::1');
    expect(addressKey('2001:0db8:0000:0001:ffff:1:2:3')).toBe(key);
    expect(addressKey('2001:db8:0:1:aaaa::%eth0')).toBe(key);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });
});
