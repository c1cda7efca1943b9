/**
 * A company's API tokens (docs/API.md "API tokens"): ADMIN (any company, as the current one) and
 * ADMIN_CLIENTE (their own) list, create, edit and revoke them. The secret leaves the server once,
 * in the answer of create; the history records every change without it.
 */
import type { ApiToken, ApiTokenInputParsed, CreatedApiToken } from '@aforo/contracts/api-tokens';
import { fieldMessage } from '@aforo/contracts/errors';
import { newSecret } from '../../auth/api-token-secret';
import { assertCan, createAccess } from '../../core/access';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { recordChange } from '../../core/history';
import { actorId, type RequestContext } from '../../core/request-context';
import type { Db } from '../../db/client';
import { afterCommit } from '../../db/transaction';
import type { Deps } from '../../deps';
import { usageMonthOf as monthOf } from '@aforo/contracts/api-tokens';
import { apiTokenHistory, toApiToken } from './api-tokens.mapper';
import { createApiTokensRepository, type ApiTokenRow } from './api-tokens.repository';

function companyOf(ctx: RequestContext): string {
  if (ctx.companyId === null) throw new NotFoundError('CO1000');
  return ctx.companyId;
}

export function createApiTokensService({ db, transact, clock }: Pick<Deps, 'db' | 'transact' | 'clock'>) {
  const reader = createApiTokensRepository(db);

  async function withUsage(handle: Db, rows: ApiTokenRow[]): Promise<ApiToken[]> {
    const now = clock();
    const { from, to } = monthOf(now);
    const usage = await createApiTokensRepository(handle).usage(
      rows.map((r) => r.id),
      from,
      to,
    );
    return rows.map((r) => toApiToken(r, usage, now));
  }

  async function found(handle: Db, ctx: RequestContext, id: string): Promise<ApiTokenRow> {
    const row = await createApiTokensRepository(handle).findInCompany(
      companyOf(ctx),
      id,
      monthOf(clock()).from,
    );
    if (!row) throw new NotFoundError('TK1000');
    return row;
  }

  /** Alias free, limit within the plan, validity not past, layers of the company. */
  async function assertInput(tx: Db, ctx: RequestContext, input: ApiTokenInputParsed, id?: string) {
    const companyId = companyOf(ctx);
    const repo = createApiTokensRepository(tx);
    if (await repo.aliasTaken(companyId, input.alias, id)) throw new ConflictError('TK1001');
    const plan = await repo.planLimit(companyId);
    if (input.monthlyLimit !== null && plan !== null && input.monthlyLimit > plan)
      throw new AppError('TK1002');
    if (input.validUntil !== null && input.validUntil < clock().toISOString().slice(0, 10))
      throw new AppError('TK1004');
    const access = createAccess(tx);
    for (const layerId of new Set(input.layerIds ?? [])) {
      try {
        await access.assertLayer(ctx.caller, layerId);
      } catch {
        throw new ValidationError({ layerIds: fieldMessage('invalid', ctx.lang) });
      }
    }
  }

  const values = (input: ApiTokenInputParsed) => ({
    alias: input.alias,
    validUntil: input.validUntil,
    monthlyLimit: input.monthlyLimit,
    layerIds: input.layerIds === null ? null : [...new Set(input.layerIds)],
  });

  async function record(tx: Db, ctx: RequestContext, before: ApiTokenRow | null, id: string, action: string) {
    const after = await found(tx, ctx, id);
    await recordChange(tx, ctx, {
      entityType: 'api_token',
      entityId: id,
      action,
      companyId: after.companyId,
      before: before && apiTokenHistory(before),
      after: apiTokenHistory(after),
    });
    // the API's token look-up (auth/api-token-auth.ts) keeps tokens in memory: drop this one
    afterCommit(tx, 'api-token.changed', { tokenId: id });
    return after;
  }

  return {
    async list(ctx: RequestContext, showRevoked: boolean): Promise<{ rows: ApiToken[]; total: number }> {
      assertCan(ctx, 'tokens.manage');
      const rows = await reader.listInCompany(companyOf(ctx), monthOf(clock()).from, showRevoked);
      return { rows: await withUsage(db, rows), total: rows.length };
    },

    async get(ctx: RequestContext, id: string): Promise<ApiToken> {
      assertCan(ctx, 'tokens.manage');
      const [token] = await withUsage(db, [await found(db, ctx, id)]);
      return token!;
    },

    create(ctx: RequestContext, input: ApiTokenInputParsed): Promise<CreatedApiToken> {
      assertCan(ctx, 'tokens.manage');
      const companyId = companyOf(ctx);
      return transact(async (tx) => {
        await assertInput(tx, ctx, input);
        const { secret, prefix, hash } = newSecret();
        const id = await createApiTokensRepository(tx).insert({
          ...values(input),
          companyId,
          prefix,
          secretHash: hash,
          userId: actorId(ctx),
        });
        const after = await record(tx, ctx, null, id, 'create');
        const [token] = await withUsage(tx, [after]);
        return { ...token!, secret };
      });
    },

    update(ctx: RequestContext, id: string, input: ApiTokenInputParsed): Promise<ApiToken> {
      assertCan(ctx, 'tokens.manage');
      return transact(async (tx) => {
        const before = await found(tx, ctx, id);
        if (before.revokedAt) throw new ConflictError('TK1003');
        await assertInput(tx, ctx, input, id);
        await createApiTokensRepository(tx).update(id, values(input), actorId(ctx));
        const [token] = await withUsage(tx, [await record(tx, ctx, before, id, 'update')]);
        return token!;
      });
    },

    revoke(ctx: RequestContext, id: string): Promise<ApiToken> {
      assertCan(ctx, 'tokens.manage');
      return transact(async (tx) => {
        const before = await found(tx, ctx, id);
        if (before.revokedAt) throw new ConflictError('TK1003');
        await createApiTokensRepository(tx).revoke(id, actorId(ctx));
        const [token] = await withUsage(tx, [await record(tx, ctx, before, id, 'revoke')]);
        return token!;
      });
    },
  };
}
export type ApiTokensService = ReturnType<typeof createApiTokensService>;
