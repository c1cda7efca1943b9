/** Sign-in and token refresh (docs/ROLES.md). */
import { signInAttemptsPerMinute } from '@aforo/contracts/constants';
import type { LoginRequest } from '@aforo/contracts/auth';
import { verifyPassword } from '../../auth/passwords';
import { assertAccountUsable, profilesForCheck, tokenRoles } from '../../auth/session';
import { UnauthorizedError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import type { Deps } from '../../deps';
import { createUsersRepository } from '../users/users.repository';
import { createSignInThrottle, type SignInLimits } from '../../auth/sign-in-throttle';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const defaultLimits: SignInLimits = {
  perAccountAndIp: signInAttemptsPerMinute,
  perIp: 3 * signInAttemptsPerMinute,
  perAccount: signInAttemptsPerMinute,
};

export function createAuthService({ db, tokens, sessions, config }: Deps) {
  const repo = createUsersRepository(db);
  const throttle = createSignInThrottle(config.signInLimits ?? defaultLimits);

  return {
    async signIn(body: LoginRequest, ip: string): Promise<string> {
      const account = body.username.trim().toLowerCase();
      const wait = throttle.begin(account, ip);
      if (wait > 0) await sleep(wait);
      const user = await repo.findForSignIn(account);
      const passwordOk = await verifyPassword(user?.passwordHash, body.password);
      if (!user || !passwordOk || user.deletedAt) {
        throttle.failed(account);
        throw new UnauthorizedError('PU1010');
      }
      throttle.succeeded(account, ip);
      assertAccountUsable(user);
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
      const user = userOf(ctx);
      return tokens.sign({
        sub: user.userId,
        username: user.email,
        roles: tokenRoles(user.state, user.profiles, ctx.companyId),
        // the version the hook checked, not a newer one: a session ended meanwhile stays ended
        sv: user.sessionVersion ?? 0,
      });
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
