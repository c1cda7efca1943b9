/** JWT helpers for the session's token check (docs/WEB.md, docs/API.md): decode exp, decide whether to refresh. */
import { tokenClaimsSchema } from '@aforo/contracts/auth';
import type { TokenClaims } from '@aforo/contracts/auth';
import { tokenRefreshThresholdSeconds } from '@aforo/contracts/constants';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The token's claims, or null when it is not a readable JWT. The signature is the server's business. */
export function decodeTokenClaims(token: string): TokenClaims | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = tokenClaimsSchema.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function secondsLeft(claims: Pick<TokenClaims, 'exp'>, nowMs: number): number {
  return claims.exp - nowMs / 1000;
}

export type TokenStatus = 'valid' | 'refresh' | 'expired' | 'invalid';

/** valid: nothing to do; refresh: under the threshold but still usable; expired/invalid: log out. */
export function tokenStatus(token: string, nowMs: number): TokenStatus {
  const claims = decodeTokenClaims(token);
  if (!claims) return 'invalid';
  const left = secondsLeft(claims, nowMs);
  if (left <= 0) return 'expired';
  return left < tokenRefreshThresholdSeconds ? 'refresh' : 'valid';
}

/** Milliseconds until the token enters the refresh window (0 when it already has), null if unreadable. */
export function msUntilRefreshWindow(token: string, nowMs: number): number | null {
  const claims = decodeTokenClaims(token);
  if (!claims) return null;
  return Math.max(0, (claims.exp - tokenRefreshThresholdSeconds) * 1000 - nowMs);
}
