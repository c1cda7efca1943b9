/** Users administration (Accounts → Users): list, create, edit, actions and email validation. */
import { emailSchema } from '@aforo/contracts/common/text';
import type {
  User,
  UserAction,
  UserInputParsed,
  UserListQuery,
  UserRow as UserRowDto,
} from '@aforo/contracts/users';
import { userStateOf } from '@aforo/contracts/users';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import { profilesForCheck } from '../../auth/session';
import type { Db } from '../../db/client';
import { AppError, ConflictError, ForbiddenError, NotFoundError } from '../../core/errors';
import { type RequestContext, actorId } from '../../core/request-context';
import { activationMail } from '../../mail/templates';
import { recordChange } from '../../core/history';
import { afterCommit } from '../../db/transaction';
import { effectiveRoles, type Role } from '@aforo/contracts/roles';
import {
  accessKey,
  allowedProfiles,
  assertOwnsAccount,
  identityChanged,
  ownsAccount,
  profilesForHistory,
} from './user-profiles.rules';
import { createUserTokensRepository } from './user-tokens.repository';
import { toUser } from './users.mapper';
import {
  createUsersRepository,
  type ProfileRow,
  type UserRow,
  type UsersRepository,
} from './users.repository';
import type { Deps } from '../../deps';

export const activationValidityMs = 7 * 24 * 3600 * 1000;

/**
 * The state a suspended (or disabled) account goes back to: the one it was suspended from, else what
 * its password says (a suspension from before the column, or an enable after a disable).
 */
function returnState(user: UserRow): string {
  if (user.state === 'Suspended' && user.stateBeforeSuspension)
    return userStateOf(user.stateBeforeSuspension);
  return user.passwordHash ? 'Active' : 'Created';
}

interface VisibleUser {
  user: UserRow;
  /** Every profile of the user. */
  all: ProfileRow[];
  /** The profiles the caller may see: all for provider staff, else their company's. */
  visible: ProfileRow[];
}

export function createUserAdminService({ db, transact, mailer, config }: Deps) {
  const { publicUrl } = config;
  const reader = createUsersRepository(db);

  /** A user the caller may administer (deleted ones too), with the profiles the caller may see. */
  async function visibleUser(handle: Db, ctx: RequestContext, id: string): Promise<VisibleUser> {
    await createAccess(handle).assertUser(ctx.caller, id);
    const repo = createUsersRepository(handle);
    const user = await repo.findAcrossCompanies(id);
    if (!user) throw new NotFoundError('U1000');
    const all = await repo.profilesOf([user.id]);
    const visible = ctx.isGlobal ? all : all.filter((p) => p.companyId === ctx.companyId);
    return { user, all, visible };
  }

  function dto(ctx: RequestContext, { user, visible, all }: VisibleUser): User {
    const roles = effectiveRoles(profilesForCheck(visible), ctx.companyId);
    return toUser(user, visible, ctx.companyId, roles, ownsAccount(ctx, all));
  }

  function snapshot(user: UserRow, profiles: Array<{ companyId: string | null; roles: string[] }>) {
    const { email, name, surname, phone, language, state, deletedAt } = user;
    return {
      email,
      name,
      surname,
      phone,
      language,
      state,
      deletedAt,
      profiles: profilesForHistory(profiles),
    };
  }

  /** Why an email cannot be used for a new user in `companyId`, or nothing when it can. */
  async function emailProblem(
    repo: UsersRepository,
    ctx: RequestContext,
    email: string,
    companyId: string | null,
  ) {
    const existing = await repo.findForSignIn(email);
    if (!existing) return undefined;
    const profiles = await repo.profilesOf([existing.id]);
    if (companyId && profiles.some((p) => p.companyId === companyId)) return 'UP1003' as const;
    // only provider admins learn what kind of account holds the email
    if (!ctx.isGlobal) return 'U1009' as const;
    if (profiles.some((p) => p.companyId === null)) return 'UP1012' as const;
    return profiles.length > 0 ? ('UP1013' as const) : ('UP1014' as const);
  }

  async function sendActivation(tx: Db, user: UserRow, companyName: string | null) {
    const token = await createUserTokensRepository(tx).issue(user.id, 'activation', activationValidityMs);
    const link = `${publicUrl}/activate/user/${token}`;
    const language = user.language === 'en' ? 'en' : 'es';
    return mailer.queue(
      tx,
      activationMail({ email: user.email, name: user.name, language }, link, companyName),
    );
  }

  const historyCompany = (ctx: RequestContext, profiles: Array<{ companyId: string | null }>) =>
    ctx.isGlobal ? (profiles.find((p) => p.companyId !== null)?.companyId ?? null) : ctx.companyId;

  return {
    async list(ctx: RequestContext, query: UserListQuery): Promise<{ rows: UserRowDto[]; total: number }> {
      assertCan(ctx, 'users.manage');
      if (query.fdxUsers && !ctx.isGlobal) throw new ForbiddenError();
      const { rows, total } = await reader.list(ctx, query, query.fdxUsers === true);
      return {
        total,
        rows: rows.map((r) => ({
          id: r.id,
          name: r.name,
          surname: r.surname,
          email: r.email,
          phone: r.phone,
          state: { name: userStateOf(r.state) },
          _company: r.profileCompanyId,
          roles: r.profileRoles as Role[],
          createdAt: r.createdAt.toISOString(),
          deletedAt: r.deletedAt?.toISOString() ?? null,
        })),
      };
    },

    async get(ctx: RequestContext, id: string): Promise<User> {
      assertCan(ctx, 'users.manage');
      const found = await visibleUser(db, ctx, id);
      if (found.user.deletedAt) throw new NotFoundError('U1000');
      return dto(ctx, found);
    },

    async validateEmail(ctx: RequestContext, rawEmail: string, companyId: string | undefined): Promise<void> {
      assertCan(ctx, 'users.manage');
      const email = emailSchema.safeParse(rawEmail);
      if (!email.success) throw new AppError('U1013');
      if (!ctx.isGlobal && companyId && companyId !== ctx.companyId) throw new NotFoundError('CO1000');
      const problem = await emailProblem(reader, ctx, email.data, companyId ?? ctx.companyId);
      // a client admin hears only about their own company; saving still refuses a taken address (U1009)
      if (problem && (ctx.isGlobal || problem === 'UP1003')) throw new AppError(problem, undefined, 409);
    },

    async create(ctx: RequestContext, input: UserInputParsed): Promise<User> {
      assertCan(ctx, 'users.manage');
      const profiles = allowedProfiles(ctx, input.profiles);
      return transact(async (tx) => {
        const repo = createUsersRepository(tx);
        const firstCompany = profiles.find((p) => p.companyId)?.companyId ?? null;
        const problem = await emailProblem(repo, ctx, input.email, firstCompany);
        if (problem) throw new AppError(problem, undefined, 409);
        for (const p of profiles)
          if (p.companyId && !(await repo.companyExists(p.companyId))) throw new NotFoundError('CO1000');
        const id = await repo.insertUser({
          email: input.email,
          name: input.name,
          surname: input.surname,
          phone: input.phone,
          language: input.language,
        });
        await repo.replaceProfiles(id, profiles);
        await repo.updateUser(id, { defaultCompanyId: firstCompany });
        const created = await visibleUser(tx, ctx, id);
        const { user, visible } = created;
        await recordChange(tx, ctx, {
          entityType: 'user',
          entityId: id,
          action: 'create',
          companyId: historyCompany(ctx, profiles),
          before: null,
          after: snapshot(user, profiles),
        });
        const companyName = visible.find((p) => p.companyId)?.companyName ?? null;
        await sendActivation(tx, user, companyName);
        return dto(ctx, created);
      });
    },

    update(ctx: RequestContext, id: string, input: UserInputParsed): Promise<User> {
      assertCan(ctx, 'users.manage');
      const profiles = allowedProfiles(ctx, input.profiles);
      return transact(async (tx) => {
        const repo = createUsersRepository(tx);
        const before = await visibleUser(tx, ctx, id);
        if (before.user.deletedAt) throw new NotFoundError('U1000');
        for (const p of profiles)
          if (p.companyId && !(await repo.companyExists(p.companyId))) throw new NotFoundError('CO1000');
        if (ownsAccount(ctx, before.all)) {
          if (input.email !== before.user.email.toLowerCase()) {
            const clash = await repo.findForSignIn(input.email);
            if (clash && clash.id !== id) throw new ConflictError('U1009');
          }
          await repo.updateUser(id, {
            email: input.email,
            name: input.name,
            surname: input.surname,
            phone: input.phone,
            language: input.language,
          });
        } else if (identityChanged(before.user, input)) {
          // a shared account: its identity would change for other companies too (takeover via restore)
          throw new ForbiddenError('F1001');
        }
        await repo.replaceProfiles(id, profiles, ctx.isGlobal ? undefined : ctx.companyId!);
        const after = await visibleUser(tx, ctx, id);
        // new roles or a new sign-in name end the user's sessions (the editor's own stays: they saved it)
        const accessChanged =
          accessKey(before.all) !== accessKey(after.all) || before.user.email !== after.user.email;
        if (accessChanged && id !== actorId(ctx)) await repo.endSessions(id);
        // every edit, a new name too: the signed-in user's own details are read from the session cache
        afterCommit(tx, 'user.changed', { userIds: [id] });
        await recordChange(tx, ctx, {
          entityType: 'user',
          entityId: id,
          action: 'update',
          companyId: historyCompany(ctx, after.all),
          before: snapshot(before.user, before.visible),
          after: snapshot(after.user, after.visible),
        });
        return dto(ctx, after);
      });
    },

    async act(ctx: RequestContext, id: string, action: UserAction | 'delete'): Promise<User> {
      assertCan(ctx, 'users.manage');
      return transact(async (tx) => {
        const repo = createUsersRepository(tx);
        const before = await visibleUser(tx, ctx, id);
        assertOwnsAccount(ctx, before.all);
        // older data spells Disabled "Dissabled" (docs/ROLES.md): the actions read the state it means
        const user = { ...before.user, state: userStateOf(before.user.state) };
        if (action !== 'restore' && user.deletedAt) throw new NotFoundError('U1000');
        switch (action) {
          case 'delete':
            if (id === actorId(ctx)) throw new ConflictError('U1003');
            await repo.updateUser(id, { deletedAt: new Date() });
            break;
          case 'restore':
            if (!user.deletedAt) throw new ConflictError('U1005');
            await repo.updateUser(id, { deletedAt: null });
            break;
          case 'disable':
            if (id === actorId(ctx)) throw new ConflictError('U1004');
            if (user.state === 'Disabled') throw new ConflictError('U1001');
            await repo.updateUser(id, { state: 'Disabled', stateBeforeSuspension: null });
            break;
          case 'enable':
            if (user.state !== 'Disabled' && user.state !== 'Suspended' && user.state !== 'Inactive')
              throw new ConflictError('U1002');
            await repo.updateUser(id, { state: returnState(user), stateBeforeSuspension: null });
            break;
          case 'suspend':
            if (id === actorId(ctx)) throw new ConflictError('U1016');
            if (user.state === 'Suspended') throw new ConflictError('U1014');
            // kept so that unsuspend gives back exactly this state (a pending password change included)
            await repo.updateUser(id, { state: 'Suspended', stateBeforeSuspension: user.state });
            break;
          case 'unsuspend':
            if (user.state !== 'Suspended') throw new ConflictError('U1015');
            await repo.updateUser(id, { state: returnState(user), stateBeforeSuspension: null });
            break;
          case 'renew-activation': {
            if (user.state !== 'Created') throw new ConflictError('U1006');
            const companyName = before.visible.find((p) => p.companyId)?.companyName ?? null;
            await sendActivation(tx, user, companyName);
            break;
          }
        }
        // disable, suspend and delete end the sessions; enable, unsuspend and restore too, so none revives.
        // A suspended user's next call still answers AU1001: the session resolver checks the state first.
        if (action !== 'renew-activation') await repo.endSessions(id);
        afterCommit(tx, 'user.changed', { userIds: [id] });
        const after = await visibleUser(tx, ctx, id);
        await recordChange(tx, ctx, {
          entityType: 'user',
          entityId: id,
          action: action.replace('-', '_'),
          companyId: historyCompany(ctx, after.all),
          before: snapshot(user, before.visible),
          after: snapshot(after.user, after.visible),
        });
        return dto(ctx, after);
      });
    },
  };
}
export type UserAdminService = ReturnType<typeof createUserAdminService>;
