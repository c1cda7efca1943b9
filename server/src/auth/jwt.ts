/** HS256 session tokens (DESIGN.md §3): sub, username, roles, exp in seconds. */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { tokenValiditySeconds } from '@aforo/contracts/constants';
import type { Role } from '@aforo/contracts/roles';

export interface SessionClaims {
  sub: string;
  username: string;
  roles: Role[];
  exp: number;
  iat: number;
}

export type TokenCheck = { ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' };

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly validitySeconds = tokenValiditySeconds,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: { sub: string; username: string; roles: Role[] }): Promise<string> {
    return new SignJWT({ username: claims.username, roles: claims.roles })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt()
      .setExpirationTime(`${this.validitySeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<TokenCheck> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number')
        return { ok: false, reason: 'invalid' };
      return {
        ok: true,
        claims: {
          sub: payload.sub,
          username: String(payload.username ?? ''),
          roles: (Array.isArray(payload.roles) ? payload.roles : []) as Role[],
          exp: payload.exp,
          iat: payload.iat ?? 0,
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
