/** Account activation and password restore through one-time mailed links (DESIGN.md §3). */
import type { ActivationInfo } from '@aforo/contracts/public-auth';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { transactor } from '../../db/transaction';
import { AppError } from '../../http/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import type { Mailer } from '../../mail/mailer';
import { restoreMail } from '../../mail/templates';
import { recordChange } from '../log-entries/history';
import { createUserTokensRepository, type TokenPurpose } from '../users/user-tokens.repository';
import { createUsersRepository } from '../users/users.repository';

export const restoreValidityMs = 3600 * 1000;

export function createPublicAuthService(db: Db, mailer: Mailer, publicUrl: string) {
  const transact = transactor(db);
  // per address, so one person cannot flood a mailbox; the answer stays the same either way
  const perEmail = new RateLimiter(3, 15 * 60_000);

  /** Consumes a valid token and sets the password; `code` is the refusal for a bad link. */
  function setPasswordWithToken(
    token: string,
    password: string,
    purpose: TokenPurpose,
    code: 'U1007' | 'U1010',
  ) {
    return transact(async (tx) => {
      const tokens = createUserTokensRepository(tx);
      const users = createUsersRepository(tx);
      const found = await tokens.findValid(token, purpose);
      const user = found ? await users.findAcrossCompanies(found.userId) : undefined;
      const usable =
        purpose === 'activation'
          ? user?.state === 'Created'
          : user?.state === 'Active' || user?.state === 'Change Password';
      if (!found || !user || user.deletedAt || !usable || !(await tokens.consume(found.id)))
        throw new AppError(code);
      await users.setPassword(user.id, await hashPassword(password), 'Active');
      const action = purpose === 'activation' ? 'activate' : 'password_restore';
      const companyId = (await users.profilesOf([user.id])).find((p) => p.companyId)?.companyId ?? null;
      await recordChange(
        tx,
        { userId: user.id },
        {
          entityType: 'user',
          entityId: user.id,
          action,
          companyId,
          before: { state: user.state },
          after: { state: 'Active' },
        },
      );
    });
  }

  return {
    /** Always succeeds from the caller's view: no account enumeration. */
    async requestRestore(email: string): Promise<void> {
      if (!perEmail.hit(email)) return;
      const mailId = await transact(async (tx) => {
        const user = await createUsersRepository(tx).findForSignIn(email);
        if (!user || user.deletedAt || (user.state !== 'Active' && user.state !== 'Change Password'))
          return undefined;
        const token = await createUserTokensRepository(tx).issue(user.id, 'restore', restoreValidityMs);
        const link = `${publicUrl}/restore-password?token=${encodeURIComponent(token)}`;
        const language = user.language === 'en' ? 'en' : 'es';
        return mailer.queue(tx, restoreMail({ email: user.email, name: user.name, language }, link));
      });
      if (mailId) await mailer.dispatch([mailId]);
    },

    restorePassword: (token: string, password: string) =>
      setPasswordWithToken(token, password, 'restore', 'U1010'),

    activate: (token: string, password: string) =>
      setPasswordWithToken(token, password, 'activation', 'U1007'),

    async activationInfo(token: string): Promise<ActivationInfo> {
      const found = await createUserTokensRepository(db).findValid(token, 'activation');
      const user = found ? await createUsersRepository(db).findAcrossCompanies(found.userId) : undefined;
      if (!user || user.deletedAt || user.state !== 'Created') throw new AppError('U1007');
      return { email: user.email, name: user.name };
    },
  };
}
export type PublicAuthService = ReturnType<typeof createPublicAuthService>;
