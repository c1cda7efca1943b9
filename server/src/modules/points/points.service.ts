/** Measurement points of the current company (docs/DATA-MODEL.md, docs/VALIDATION.md) and the caller's favourites. */
import { fieldMessage } from '@aforo/contracts/errors';
import type { Point, PointInputParsed, PointListQuery } from '@aforo/contracts/points';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import type { Db } from '../../db/client';
import { afterCommit } from '../../db/transaction';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { type RequestContext, userOf, viewerOf } from '../../core/request-context';
import { recordChange } from '../../core/history';
import { pointHistory, toPoint } from './points.mapper';
import { createPointsRepository, type PointRow, type PointsRepository } from './points.repository';
import type { Deps } from '../../deps';

/** Every point write is announced after commit (devices there get their new config): point.changed. */
export function createPointsService({ db, transact }: Deps) {
  const reader = createPointsRepository(db);

  /** The point, if the access function lets the caller see it; a deleted one is not found. */
  async function visible(
    handle: Db,
    ctx: RequestContext,
    id: string,
    withDeleted = false,
  ): Promise<PointRow> {
    await createAccess(handle).assertPoint(ctx.caller, id);
    const row = await createPointsRepository(handle).findInCompany(viewerOf(ctx), id);
    if (!row || (row.deletedAt && !withDeleted)) throw new NotFoundError('POM1000');
    return row;
  }

  /** With a device installed, parameters are keyed by the ports of its model. */
  async function assertParameterKeys(
    repo: PointsRepository,
    ctx: RequestContext,
    pointId: string,
    parameters: Record<string, unknown>,
  ) {
    const ports = await repo.attachedPortKeys(ctx, pointId);
    if (ports === null) return;
    const unknown = Object.keys(parameters).filter((key) => !ports.includes(key));
    if (unknown.length > 0) {
      throw new ValidationError(
        Object.fromEntries(unknown.map((key) => [`parameters.${key}`, fieldMessage('invalid', ctx.lang)])),
      );
    }
  }

  async function write(tx: Db, ctx: RequestContext, before: PointRow | null, id: string, action: string) {
    const after = (await createPointsRepository(tx).findInCompany(viewerOf(ctx), id))!;
    afterCommit(tx, 'point.changed', { pointId: id });
    await recordChange(tx, ctx, {
      entityType: 'point',
      entityId: id,
      action,
      companyId: after.companyId,
      before: before && pointHistory(before),
      after: pointHistory(after),
    });
    return toPoint(after);
  }

  return {
    async list(ctx: RequestContext, query: PointListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = await reader.listInCompany(viewerOf(ctx), ctx.caller, query);
      return { rows: rows.map(toPoint), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Point> {
      assertCan(ctx, 'monitoring.read');
      return toPoint(await visible(db, ctx, id));
    },

    create(ctx: RequestContext, input: PointInputParsed): Promise<Point> {
      assertCan(ctx, 'points.edit');
      const companyId = ctx.companyId;
      if (companyId === null) throw new NotFoundError('CO1000');
      return transact(async (tx) => {
        const repo = createPointsRepository(tx);
        if (await repo.nameTaken(ctx, input.name)) throw new ConflictError('POM1001');
        const id = await repo.insert({ ...input, companyId });
        return write(tx, ctx, null, id, 'create');
      });
    },

    update(ctx: RequestContext, id: string, input: PointInputParsed): Promise<Point> {
      assertCan(ctx, 'points.edit');
      return transact(async (tx) => {
        const repo = createPointsRepository(tx);
        const before = await visible(tx, ctx, id);
        if (await repo.nameTaken(ctx, input.name, id)) throw new ConflictError('POM1001');
        await assertParameterKeys(repo, ctx, id, input.parameters);
        await repo.update(ctx, id, input);
        return write(tx, ctx, before, id, 'update');
      });
    },

    /** Soft delete, refused while a device is attached. */
    remove(ctx: RequestContext, id: string): Promise<Point> {
      assertCan(ctx, 'points.edit');
      return transact(async (tx) => {
        const repo = createPointsRepository(tx);
        const before = await visible(tx, ctx, id);
        if ((await repo.attachedDevices(id)) > 0) throw new ConflictError('POM1002');
        await repo.update(ctx, id, { deletedAt: new Date() });
        return write(tx, ctx, before, id, 'delete');
      });
    },

    /** Brings a deleted point back, unless a live point took its name meanwhile. */
    restore(ctx: RequestContext, id: string): Promise<Point> {
      assertCan(ctx, 'points.edit');
      return transact(async (tx) => {
        const repo = createPointsRepository(tx);
        const before = await visible(tx, ctx, id, true);
        if (!before.deletedAt || (await repo.nameTaken(ctx, before.name, id)))
          throw new ConflictError('POM1011');
        await repo.update(ctx, id, { deletedAt: null });
        return write(tx, ctx, before, id, 'restore');
      });
    },

    /** Marks or unmarks a live point of the current company as one of the caller's favourites. */
    async setFavourite(ctx: RequestContext, id: string, on: boolean): Promise<{ ok: true }> {
      assertCan(ctx, 'favourites.edit');
      await visible(db, ctx, id);
      await reader.setFavourite(userOf(ctx).userId, id, on);
      return { ok: true };
    },
  };
}
export type PointsService = ReturnType<typeof createPointsService>;
