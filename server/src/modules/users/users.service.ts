/** Business rules of the calls on users that this issue owns (session-related and single reads). */
import type { UpdatePasswordRequest } from '@aforo/contracts/auth';
import type { CurrentUser } from '@aforo/contracts/users';
import { fieldMessage } from '@aforo/contracts/errors';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { tokenRoles } from '../../auth/session';
import { AppError, NotFoundError } from '../../core/errors';
import { type RequestContext, userOf } from '../../core/request-context';
import { toCurrentUser, toUser } from './users.mapper';
import { createUsersRepository } from './users.repository';
import type { Deps } from '../../deps';

export function createUsersService({ db, tokens, events, sessionStore }: Deps) {
  const repo = createUsersRepository(db);
  /** Outside a transaction: the write has committed when its statement returned. */
  const changed = (userId: string) => events.publish('user.changed', { userIds: [userId] });
  return {
    async loggedUser(ctx: RequestContext): Promise<CurrentUser> {
      const me = userOf(ctx);
      // the session's own look-up (kept in memory, dropped on every change of the user)
      const found = await sessionStore.findForSession(me.userId);
      if (!found) throw new NotFoundError('U1000');
      const companyIds = found.profiles
        .filter((p) => p.state === 'Active' && p.companyId)
        .map((p) => p.companyId!);
      const companies = ctx.isGlobal
        ? await repo.selectableCompaniesAcrossCompanies()
        : await repo.companiesByIds(companyIds);
      const user = toUser(found.user, found.profiles, ctx.companyId, me.roles);
      return toCurrentUser(user, { isGlobal: ctx.isGlobal, companies, language: found.user.language });
    },

    /**
     * A user changes their own password; this also releases the "Change Password" state and ends every
     * earlier session, so the caller gets a token of the new session version.
     */
    async updateOwnPassword(
      ctx: RequestContext,
      userId: string,
      body: UpdatePasswordRequest,
    ): Promise<string> {
      const me = userOf(ctx);
      if (userId !== me.userId) throw new NotFoundError('U1000');
      const found = await repo.findForSession(me.userId);
      if (!found) throw new NotFoundError('U1000');
      if (!(await verifyPassword(found.user.passwordHash, body.currentPassword)))
        throw new AppError('AU1004');
      if (body.password === body.currentPassword) throw new AppError('AU1005');
      const nextState = found.user.state === 'Change Password' ? 'Active' : found.user.state;
      const sv = await repo.updatePassword(me, await hashPassword(body.password), nextState);
      changed(me.userId);
      return tokens.sign({
        sub: me.userId,
        username: found.user.email,
        roles: tokenRoles(nextState, me.profiles, ctx.companyId),
        sv,
      });
    },

    async setCurrentCompany(ctx: RequestContext, header: string | undefined): Promise<void> {
      if (!header) throw new AppError('V1000', { 'X-Current-Company': fieldMessage('required', ctx.lang) });
      await repo.setDefaultCompany({ companyId: ctx.companyId, userId: userOf(ctx).userId });
      changed(userOf(ctx).userId);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
