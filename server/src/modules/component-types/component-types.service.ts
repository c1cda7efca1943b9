/**
 * Component types: ADMIN and CHIEF edit; whoever sees the components (monitoring.read: provider staff
 * and the client roles but the spectator) reads the types beside them, for the Components screen's
 * Types tab and type filter (docs/ROLES.md). A type belongs to a
 * company; the current company sees its own and the provider's (shared with every company), and
 * another company's type answers 404 like any other company-owned item.
 */
import type {
  ComponentType,
  ComponentTypeInput,
  ComponentTypeListQuery,
} from '@aforo/contracts/component-types';
import { fieldMessage } from '@aforo/contracts/errors';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import type { Db } from '../../db/client';
import { ConflictError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { recordChange } from '../../core/history';
import { componentTypeHistory, toComponentType } from './component-types.mapper';
import {
  createComponentTypesRepository,
  type ComponentTypeRow,
  type ComponentTypesRepository,
} from './component-types.repository';
import type { Deps } from '../../deps';

/** Disabling needs every component inactive (docs/DEVICES.md). */
async function assertCanDisable(repo: ComponentTypesRepository, id: string): Promise<void> {
  const blockers = await repo.disableBlockers(id);
  // SET1006 when a component is fitted to an Active device (measuring now), SET1005 for any other installed one
  if (blockers.onActiveDevices > 0) throw new ConflictError('SET1006');
  if (blockers.installed > 0) throw new ConflictError('SET1005');
}

export function createComponentTypesService({ db, transact }: Deps) {
  /** The type, if the access function lets the caller see it (404 N1000 otherwise). */
  async function visible(handle: Db, ctx: RequestContext, id: string): Promise<ComponentTypeRow> {
    await createAccess(handle).assertComponentType(ctx.caller, id);
    return (await createComponentTypesRepository(handle).findById(id))!;
  }

  /**
   * The owner is the current company or the provider (a type of another company would vanish from
   * the list the moment it was saved); the name is free among the types that sit beside it.
   */
  async function assertInput(
    ctx: RequestContext,
    repo: ComponentTypesRepository,
    input: ComponentTypeInput,
    before?: ComponentTypeRow,
  ): Promise<void> {
    const providerId = await repo.providerCompanyId();
    if (input.companyId !== ctx.companyId && input.companyId !== providerId)
      throw new ValidationError({ companyId: fieldMessage('invalid', ctx.lang) });
    const isProvider = input.companyId === providerId;
    if (await repo.isNameTaken(input.companyId, isProvider, input.name, before?.id))
      throw new ConflictError('SET1004');
    if (!before) return;
    // moving a type to a client company leaves no component of it at another company's point
    if (!isProvider && input.companyId !== before.companyId) {
      if ((await repo.installedOutside(before.id, input.companyId)) > 0) throw new ConflictError('SET1010');
    }
    if (!input.enabled) await assertCanDisable(repo, before.id);
  }

  async function write(
    tx: Db,
    ctx: RequestContext,
    action: string,
    before: ComponentTypeRow | null,
    after: ComponentTypeRow | null,
  ): Promise<void> {
    await recordChange(tx, ctx, {
      entityType: 'component_type',
      entityId: (after ?? before)!.id,
      action,
      companyId: (after ?? before)!.companyId,
      before: before && componentTypeHistory(before),
      after: after && componentTypeHistory(after),
    });
  }

  function setEnabled(ctx: RequestContext, id: string, enabled: boolean): Promise<ComponentType> {
    assertCan(ctx, 'devices.operate');
    return transact(async (tx) => {
      const repo = createComponentTypesRepository(tx);
      const before = await visible(tx, ctx, id);
      if (before.enabled === enabled) return toComponentType(before);
      if (!enabled) await assertCanDisable(repo, id);
      await repo.setEnabled(id, enabled);
      const after = (await repo.findById(id))!;
      await write(tx, ctx, enabled ? 'enable' : 'disable', before, after);
      return toComponentType(after);
    });
  }

  return {
    async list(
      ctx: RequestContext,
      query: ComponentTypeListQuery,
    ): Promise<{ rows: ComponentType[]; total: number }> {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = await createComponentTypesRepository(db).list(ctx, query);
      return { rows: rows.map(toComponentType), total };
    },

    async get(ctx: RequestContext, id: string): Promise<ComponentType> {
      assertCan(ctx, 'monitoring.read');
      return toComponentType(await visible(db, ctx, id));
    },

    create(ctx: RequestContext, input: ComponentTypeInput): Promise<ComponentType> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createComponentTypesRepository(tx);
        await assertInput(ctx, repo, input);
        const after = (await repo.findById(await repo.insert(input)))!;
        await write(tx, ctx, 'create', null, after);
        return toComponentType(after);
      });
    },

    update(ctx: RequestContext, id: string, input: ComponentTypeInput): Promise<ComponentType> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createComponentTypesRepository(tx);
        const before = await visible(tx, ctx, id);
        await assertInput(ctx, repo, input, before);
        await repo.update(id, input);
        const after = (await repo.findById(id))!;
        await write(tx, ctx, 'update', before, after);
        return toComponentType(after);
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        if (before.components > 0) throw new ConflictError('SET1007');
        await createComponentTypesRepository(tx).remove(id);
        await write(tx, ctx, 'delete', before, null);
      });
    },

    enable: (ctx: RequestContext, id: string) => setEnabled(ctx, id, true),
    disable: (ctx: RequestContext, id: string) => setEnabled(ctx, id, false),
  };
}
export type ComponentTypesService = ReturnType<typeof createComponentTypesService>;
