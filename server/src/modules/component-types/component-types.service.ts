/** Component types (provider catalogue: ADMIN and CHIEF edit, provider staff read for selectors). */
import type { ComponentType } from '@aforo/contracts/component-types';
import { assertCan } from '../../auth/access';
import type { Db } from '../../db/client';
import { transactor } from '../../db/transaction';
import { ConflictError, NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { createCatalogueService } from '../catalogue-crud';
import { recordChange } from '../log-entries/history';
import { componentTypeHistory, toComponentType } from './component-types.mapper';
import { createComponentTypesRepository, type ComponentTypesRepository } from './component-types.repository';

/** Disabling needs every component inactive (DESIGN.md §5). */
async function assertCanDisable(repo: ComponentTypesRepository, id: string): Promise<void> {
  const blockers = await repo.disableBlockers(id);
  // SET1006 when a component is fitted to an Active device (measuring now), SET1005 for any other installed one
  if (blockers.onActiveDevices > 0) throw new ConflictError('SET1006');
  if (blockers.installed > 0) throw new ConflictError('SET1005');
}

export function createComponentTypesService(db: Db) {
  const transact = transactor(db);
  const crud = createCatalogueService<ComponentTypesRepository, ComponentType>(db, {
    entityType: 'component_type',
    // the spec has no "component type not found" code (SET1002 is the component)
    notFound: 'N1000',
    rights: { read: 'catalogue.read', edit: 'devices.operate' },
    repository: createComponentTypesRepository,
    toDto: toComponentType,
    history: componentTypeHistory,
    async assertInput(_ctx, repo, input, exceptId) {
      if (await repo.isNameTaken(input.name, exceptId)) throw new ConflictError('SET1004');
      if (exceptId && !input.enabled) await assertCanDisable(repo, exceptId);
    },
    async beforeRemove(_ctx, _tx, _repo, row) {
      if (row.components > 0) throw new ConflictError('SET1007');
    },
  });

  function setEnabled(ctx: RequestContext, id: string, enabled: boolean): Promise<ComponentType> {
    assertCan(ctx, 'devices.operate');
    return transact(async (tx) => {
      const repo = createComponentTypesRepository(tx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError('N1000');
      if (before.enabled === enabled) return toComponentType(before);
      if (!enabled) await assertCanDisable(repo, id);
      await repo.setEnabled(id, enabled);
      const after = (await repo.findById(id))!;
      await recordChange(tx, ctx, {
        entityType: 'component_type',
        entityId: id,
        action: enabled ? 'enable' : 'disable',
        companyId: null,
        before: componentTypeHistory(before),
        after: componentTypeHistory(after),
      });
      return toComponentType(after);
    });
  }

  return {
    ...crud,
    enable: (ctx: RequestContext, id: string) => setEnabled(ctx, id, true),
    disable: (ctx: RequestContext, id: string) => setEnabled(ctx, id, false),
  };
}
export type ComponentTypesService = ReturnType<typeof createComponentTypesService>;
