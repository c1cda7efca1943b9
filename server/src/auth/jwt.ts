/** HS256 session tokens (docs/ROLES.md): sub, username, roles, exp in seconds; sv = the session version. */
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { tokenValiditySeconds } from '@aforo/contracts/constants';
import type { Role } from '@aforo/contracts/roles';

export interface SessionClaims {
  sub: string;
  username: string;
  roles: Role[];
  exp: number;
  iat: number;
  /** The user's session version when signed; the session ends when the stored one moves on. */
  sv: number;
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

  sign(claims: { sub: string; username: string; roles: Role[]; sv: number }): Promise<string> {
    return new SignJWT({ username: claims.username, roles: claims.roles, sv: claims.sv })
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
          // tokens signed before session versions existed count as version 0
          sv: typeof payload.sv === 'number' ? payload.sv : 0,
        },
      };
    } catch (err) {
      return { ok: false, reason: err instanceof joseErrors.JWTExpired ? 'expired' : 'invalid' };
    }
  }
}
