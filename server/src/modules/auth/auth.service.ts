/** Sign-in and token refresh (DESIGN.md §3). */
import { signInAttemptsPerMinute } from '@aforo/contracts/constants';
import type { LoginRequest } from '@aforo/contracts/auth';
import type { TokenService } from '../../auth/jwt';
import { verifyPassword } from '../../auth/passwords';
import { assertAccountUsable, profilesForCheck, tokenRoles, type SessionResolver } from '../../auth/session';
import { AppError, UnauthorizedError } from '../../http/errors';
import type { RequestContext } from '../../http/request-context';
import { RateLimiter } from '../../lib/rate-limiter';
import type { UsersRepository } from '../users/users.repository';

export interface SignInLimits {
  perIp: number;
  perAccount: number;
}

export function createAuthService(
  repo: UsersRepository,
  tokens: TokenService,
  sessions: SessionResolver,
  limits: SignInLimits = { perIp: signInAttemptsPerMinute, perAccount: signInAttemptsPerMinute },
) {
  const byIp = new RateLimiter(limits.perIp, 60_000);
  const byAccount = new RateLimiter(limits.perAccount, 60_000);

  return {
    async signIn(body: LoginRequest, ip: string): Promise<string> {
      const account = body.username.trim().toLowerCase();
      // both counters advance on every attempt, so neither a spray nor a single target gets through
      const ipOk = byIp.hit(ip);
      const accountOk = byAccount.hit(account);
      if (!ipOk || !accountOk) throw new AppError('L1000');
      const user = await repo.findForSignIn(account);
      const passwordOk = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !passwordOk || user.deletedAt) throw new UnauthorizedError('PU1010');
      assertAccountUsable(user);
      byAccount.reset(account);
      const found = await repo.findForSession(user.id);
      const profiles = profilesForCheck(found?.profiles ?? []);
      const companyId = await sessions.defaultCompany(user, profiles);
      return tokens.sign({
        sub: user.id,
        username: user.email,
        roles: tokenRoles(user.state, profiles, companyId),
        sv: user.sessionVersion,
      });
    },

    /** A fresh token for a session whose token is still valid (the auth hook has checked it). */
    refresh(ctx: RequestContext): Promise<string> {
      return tokens.sign({
        sub: ctx.userId,
        username: ctx.email,
        roles: tokenRoles(ctx.state, ctx.profiles, ctx.companyId),
        // the version the hook checked, not a newer one: a session ended meanwhile stays ended
        sv: ctx.sessionVersion ?? 0,
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
