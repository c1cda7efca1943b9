/**
 * Seeded randomness for the demo series: every draw is a hash of a seed and integers (site, time),
 * never of earlier draws, so any instant of a series can be computed on its own (series.ts).
 */

/** FNV-1a: a 32-bit seed from a text. */
export function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A 32-bit hash of a seed and integers (murmur3 finaliser per step). */
function mix(seed: number, ...values: number[]): number {
  let h = seed >>> 0;
  for (const v of values) {
    // fold values beyond 32 bits (day and millisecond counts) into the hash
    h ^= Math.imul((v | 0) ^ Math.floor(v / 4_294_967_296), 0x9e3779b1);
    h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
    h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
    h ^= h >>> 16;
  }
  return h >>> 0;
}

/** Uniform in [0, 1), the same for the same arguments. */
export function uniform(seed: number, ...values: number[]): number {
  return mix(seed, ...values) / 4_294_967_296;
}

/** Standard normal, the same for the same arguments (Box-Muller on two hashed uniforms). */
export function normal(seed: number, ...values: number[]): number {
  const u = Math.max(uniform(seed, ...values, 1), 1e-12);
  const v = uniform(seed, ...values, 2);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** mulberry32: a sequential seeded PRNG, for choices made once (not per instant). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export const smoothstep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

/** Smooth noise in [-1, 1]: hashed values at integer x, eased in between. */
export function valueNoise(seed: number, x: number): number {
  const i = Math.floor(x);
  const a = uniform(seed, i) * 2 - 1;
  const b = uniform(seed, i + 1) * 2 - 1;
  return a + (b - a) * smoothstep(x - i);
}
