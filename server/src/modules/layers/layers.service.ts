/** Layers of the current company: named, coloured sets of its points on the map. */
import { fieldMessage } from '@aforo/contracts/errors';
import type { Layer, LayerInput, LayerListQuery } from '@aforo/contracts/layers';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import type { Db } from '../../db/client';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { recordChange } from '../../core/history';
import { layerHistory, toLayer } from './layers.mapper';
import { createLayersRepository, type LayerRow, type LayersRepository } from './layers.repository';
import type { Deps } from '../../deps';

export function createLayersService({ db, transact }: Deps) {
  const reader = createLayersRepository(db);

  /** The layer, if the access function lets the caller see it (404 otherwise). */
  async function visible(handle: Db, ctx: RequestContext, id: string): Promise<LayerRow> {
    await createAccess(handle).assertLayer(ctx.caller, id);
    const row = await createLayersRepository(handle).findInCompany(ctx, id);
    if (!row) throw new NotFoundError('N1000');
    return row;
  }

  /** Name free in the company, every point a live point of the company. */
  async function assertInput(repo: LayersRepository, ctx: RequestContext, input: LayerInput, id?: string) {
    if (await repo.nameTaken(ctx, input.name, id)) throw new ConflictError('V1001');
    const wanted = [...new Set(input.pointIds)];
    const found = await repo.livePointIds(ctx, wanted);
    if (found.length !== wanted.length)
      throw new ValidationError({ pointIds: fieldMessage('invalid', ctx.lang) });
  }

  async function write(
    tx: Db,
    ctx: RequestContext,
    before: LayerRow | null,
    id: string,
    action: string,
  ): Promise<Layer> {
    const after = (await createLayersRepository(tx).findInCompany(ctx, id))!;
    await recordChange(tx, ctx, {
      entityType: 'layer',
      entityId: id,
      action,
      companyId: after.companyId,
      before: before && layerHistory(before),
      after: layerHistory(after),
    });
    return toLayer(after);
  }

  return {
    async list(ctx: RequestContext, query: LayerListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = await reader.listInCompany(ctx, query);
      return { rows: rows.map(toLayer), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Layer> {
      assertCan(ctx, 'monitoring.read');
      return toLayer(await visible(db, ctx, id));
    },

    create(ctx: RequestContext, input: LayerInput): Promise<Layer> {
      assertCan(ctx, 'points.edit');
      const companyId = ctx.companyId;
      if (companyId === null) throw new NotFoundError('CO1000');
      return transact(async (tx) => {
        const repo = createLayersRepository(tx);
        await assertInput(repo, ctx, input);
        const id = await repo.insert(companyId, input);
        await repo.replacePoints(id, input.pointIds);
        return write(tx, ctx, null, id, 'create');
      });
    },

    update(ctx: RequestContext, id: string, input: LayerInput): Promise<Layer> {
      assertCan(ctx, 'points.edit');
      return transact(async (tx) => {
        const repo = createLayersRepository(tx);
        const before = await visible(tx, ctx, id);
        await assertInput(repo, ctx, input, id);
        await repo.update(ctx, id, input);
        await repo.replacePoints(id, input.pointIds);
        return write(tx, ctx, before, id, 'update');
      });
    },

    /** Deleted for good: a layer is only a view; its points stay. */
    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'points.edit');
      return transact(async (tx) => {
        const repo = createLayersRepository(tx);
        const before = await visible(tx, ctx, id);
        await repo.remove(ctx, id);
        await recordChange(tx, ctx, {
          entityType: 'layer',
          entityId: id,
          action: 'delete',
          companyId: before.companyId,
          before: layerHistory(before),
          after: null,
        });
      });
    },
  };
}
export type LayersService = ReturnType<typeof createLayersService>;
