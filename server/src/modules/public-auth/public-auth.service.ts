/** Account activation and password restore through one-time mailed links (docs/ROLES.md). */
import type { ActivationInfo } from '@aforo/contracts/public-auth';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { AppError } from '../../core/errors';
import { RateLimiter } from '../../lib/rate-limiter';
import { restoreMail } from '../../mail/templates';
import { recordChange } from '../../core/history';
import { afterCommit } from '../../db/transaction';
import { createUserTokensRepository, type TokenPurpose } from '../users/user-tokens.repository';
import { createUsersRepository } from '../users/users.repository';
import type { AppConfig, Deps } from '../../deps';

export const restoreValidityMs = 3600 * 1000;
/** Restore requests waiting for their lookup; beyond this, new ones are dropped (the answer is the same). */
const maxPendingRestores = 1000;

interface ErrorLog {
  error(obj: object, msg: string): void;
}
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPublicAuthService({
  db,
  transact,
  mailer,
  config,
}: Pick<Deps, 'db' | 'transact' | 'mailer'> & { config: Pick<AppConfig, 'publicUrl'> }) {
  const { publicUrl } = config;
  // per address, so one person cannot flood a mailbox; the answer stays the same either way
  const perEmail = new RateLimiter(3, 15 * 60_000);
  // restore work runs after the answer, one lookup at a time (in order); the mail worker sends
  let lookups: Promise<void> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();
  /** Keeps `work` (which must not reject) until it settles, for drain(). */
  const track = (work: Promise<void>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  /** Looks the account up and, when it may restore, issues a token and queues the mail. */
  function issueRestore(email: string): Promise<void> {
    return transact(async (tx) => {
      const user = await createUsersRepository(tx).findForSignIn(email);
      if (!user || user.deletedAt || (user.state !== 'Active' && user.state !== 'Change Password')) return;
      const token = await createUserTokensRepository(tx).issue(user.id, 'restore', restoreValidityMs);
      const link = `${publicUrl}/restore-password?token=${encodeURIComponent(token)}`;
      const language = user.language === 'en' ? 'en' : 'es';
      await mailer.queue(tx, restoreMail({ email: user.email, name: user.name, language }, link));
    });
  }

  /**
   * Why an activation link no longer works: PU1000 when it was sent to an account that has been
   * activated since (the link is used or renewed, but the account signs in), else U1007. Only the
   * holder of the link learns it, and only about that account.
   */
  async function activationRefusal(handle: Db, token: string): Promise<AppError> {
    const userId = await createUserTokensRepository(handle).ownerOf(token, 'activation');
    const user = userId ? await createUsersRepository(handle).findAcrossCompanies(userId) : undefined;
    const active = user && !user.deletedAt && (user.state === 'Active' || user.state === 'Change Password');
    return new AppError(active ? 'PU1000' : 'U1007');
  }

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
        throw purpose === 'activation' ? await activationRefusal(tx, token) : new AppError(code);
      await users.setPassword(user.id, await hashPassword(password), 'Active');
      afterCommit(tx, 'user.changed', { userIds: [user.id] });
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
    /**
     * Takes the request and returns at once, whether or not the account exists: the lookup, the
     * token and the mail happen after the answer, so neither the answer nor its timing tells.
     */
    requestRestore(email: string, log: ErrorLog): void {
      if (!perEmail.hit(email) || inFlight.size >= maxPendingRestores) return;
      const failed = (err: unknown) => log.error({ err }, 'password restore not processed');
      lookups = lookups
        .then(async () => {
          await nextTurn(); // the answer is written before any work starts
          await issueRestore(email);
        })
        .catch(failed);
      track(lookups);
    },

    /** Resolves once every restore request taken so far is looked up and its mail queued. */
    async drain(): Promise<void> {
      while (inFlight.size > 0) await Promise.all(inFlight);
    },

    restorePassword: (token: string, password: string) =>
      setPasswordWithToken(token, password, 'restore', 'U1010'),

    activate: (token: string, password: string) =>
      setPasswordWithToken(token, password, 'activation', 'U1007'),

    async activationInfo(token: string): Promise<ActivationInfo> {
      const found = await createUserTokensRepository(db).findValid(token, 'activation');
      const user = found ? await createUsersRepository(db).findAcrossCompanies(found.userId) : undefined;
      if (!user || user.deletedAt || user.state !== 'Created') throw await activationRefusal(db, token);
      return { email: user.email, name: user.name };
    },
  };
}
export type PublicAuthService = ReturnType<typeof createPublicAuthService>;
