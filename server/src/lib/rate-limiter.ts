/** Fixed-window counter per key, in memory (one API node; a shared store comes with clustering). */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a hit; false when the key is over its limit in the current window. */
  hit(key: string): boolean {
    const t = this.now();
    const w = this.current(key, t);
    if (!w) {
      this.windows.set(key, { start: t, count: 1 });
      this.sweep(t);
      return 1 <= this.limit;
    }
    w.count += 1;
    return w.count <= this.limit;
  }

  /** Hits counted for the key in the current window. */
  count(key: string): number {
    return this.current(key, this.now())?.count ?? 0;
  }

  /** True when the key has used its whole limit in the current window (counts nothing). */
  isExhausted(key: string): boolean {
    return this.count(key) >= this.limit;
  }

  /** Milliseconds until the key's window turns (0 when it has none). */
  retryAfterMs(key: string): number {
    const t = this.now();
    const w = this.current(key, t);
    return w ? w.start + this.windowMs - t : 0;
  }

  /** Gives one hit back (an attempt that turned out not to count). */
  refund(key: string): void {
    const w = this.current(key, this.now());
    if (w && w.count > 0) w.count -= 1;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private current(key: string, t: number) {
    const w = this.windows.get(key);
    return w && t - w.start < this.windowMs ? w : undefined;
  }

  private sweep(t: number): void {
    if (this.windows.size < 10_000) return;
    for (const [k, w] of this.windows) if (t - w.start >= this.windowMs) this.windows.delete(k);
  }
}

/** Whole seconds for a Retry-After header: at least 1, rounded up. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

/** The limiter key of a client address: IPv4 as is, IPv6 by its /64 (one subscriber holds a whole /64). */
export function addressKey(ip: string): string {
  const address = ip.split('%')[0]!;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // an embedded IPv4 tail (64:ff9b::1.2.3.4) takes two groups
  const width = (groups: string[]) => groups.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const zeros =
    tail === undefined ? [] : Array<string>(Math.max(0, 8 - width(left) - width(right))).fill('0');
  const prefix = [...left, ...zeros, ...right].slice(0, 4).map((g) => (parseInt(g, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
