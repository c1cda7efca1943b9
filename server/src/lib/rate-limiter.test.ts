import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';

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
