import { describe, expect, it } from 'vitest';
import { buildToken } from '../test/fixtures';
import { decodeTokenClaims, msUntilRefreshWindow, secondsLeft, tokenStatus } from './token';

const now = Date.parse('2026-06-01T12:00:00Z');
const nowSeconds = now / 1000;
function tokenExpiringIn(seconds: number): string {
  return buildToken({
    sub: 'u1',
    username: 'ana@example.com',
    roles: ['ROLE_USER'],
    exp: nowSeconds + seconds,
  });
}

describe('token helpers', () => {
  it('decodes the claims of a JWT, including non-ASCII text', () => {
    const token = buildToken({ sub: 'u1', username: 'ana@example.com', roles: ['ROLE_ADMIN'], exp: 100 });
    expect(decodeTokenClaims(token)).toMatchObject({ sub: 'u1', roles: ['ROLE_ADMIN'], exp: 100 });
    const accented = `x.${btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify({ sub: 'ñ', username: 'José', roles: [], exp: 1 })))).replace(/=+$/, '')}.y`;
    expect(decodeTokenClaims(accented)?.username).toBe('José');
  });

  it('returns null for anything that is not a JWT with the contract claims', () => {
    expect(decodeTokenClaims('garbage')).toBeNull();
    expect(decodeTokenClaims('a.b.c')).toBeNull();
    expect(decodeTokenClaims(buildToken({ sub: 'u1' }))).toBeNull();
  });

  it('computes the seconds left', () => {
    expect(secondsLeft({ exp: nowSeconds + 90 }, now)).toBe(90);
  });

  it('leaves a token with a minute or more alone', () => {
    expect(tokenStatus(tokenExpiringIn(3600), now)).toBe('valid');
    expect(tokenStatus(tokenExpiringIn(60), now)).toBe('valid');
  });

  it('asks for a refresh under 60 seconds left', () => {
    expect(tokenStatus(tokenExpiringIn(59), now)).toBe('refresh');
    expect(tokenStatus(tokenExpiringIn(1), now)).toBe('refresh');
  });

  it('reports expired and unreadable tokens', () => {
    expect(tokenStatus(tokenExpiringIn(0), now)).toBe('expired');
    expect(tokenStatus(tokenExpiringIn(-10), now)).toBe('expired');
    expect(tokenStatus('nope', now)).toBe('invalid');
  });

  it('knows when the refresh window opens', () => {
    expect(msUntilRefreshWindow(tokenExpiringIn(3600), now)).toBe((3600 - 60) * 1000);
    expect(msUntilRefreshWindow(tokenExpiringIn(30), now)).toBe(0);
    expect(msUntilRefreshWindow('nope', now)).toBeNull();
  });
});
