/**
 * Components: register, edit while inactive, and their life cycle (docs/DEVICES.md):
 * Inactive → install → Installed → uninstall → Inactive → decommission → Decommissioned → reincorporate.
 */
import type {
  Component,
  ComponentInput,
  ComponentInstall,
  ComponentListQuery,
  componentActions,
} from '@aforo/contracts/components';
import { fieldMessage } from '@aforo/contracts/errors';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import type { Db } from '../../db/client';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { dynamicFieldsOf } from '../component-types/component-types.mapper';
import { recordChange } from '../../core/history';
import { checkValues, cleanValues } from './component-values';
import { componentHistory, toComponent } from './components.mapper';
import { createComponentsRepository, type ComponentRow, type ComponentValues } from './components.repository';
import type { Deps } from '../../deps';

type ComponentAction = (typeof componentActions)[number];

export function createComponentsService({ db, transact }: Deps) {
  const reader = createComponentsRepository(db);

  /** The component, if the access function lets the caller see it (404 SET1002 otherwise). */
  async function visible(handle: Db, ctx: RequestContext, id: string): Promise<ComponentRow> {
    await createAccess(handle).assertComponent(ctx.caller, id);
    const row = await createComponentsRepository(handle).findAcrossCompanies(id);
    if (!row) throw new NotFoundError('SET1002');
    return row;
  }

  /**
   * The type is one the current company may use (its own or the provider's; a component keeps the
   * type it has), the serial is free within it and the values fit its dynamic fields.
   */
  async function prepare(
    tx: Db,
    ctx: RequestContext,
    input: ComponentInput,
    before?: ComponentRow,
  ): Promise<ComponentValues & { typeId: string; serial: string }> {
    const repo = createComponentsRepository(tx);
    const usable =
      before?.typeId === input.typeId ||
      (await createAccess(tx).visibleComponentTypes(ctx.caller, [input.typeId])).has(input.typeId);
    const type = usable ? await repo.typeById(input.typeId) : undefined;
    if (!type) throw new ValidationError({ typeId: fieldMessage('invalid', ctx.lang) });
    const fields = dynamicFieldsOf(type.dynamicFields);
    const problems = checkValues(fields, input.values, ctx.lang);
    if (Object.keys(problems).length > 0) throw new ValidationError(problems);
    if (await repo.serialTaken(input.typeId, input.serial, before?.id)) throw new ConflictError('SEQ1001');
    return { typeId: input.typeId, serial: input.serial, values: cleanValues(fields, input.values) };
  }

  /** Writes a change and its history entry; the company is the point's while installed. */
  async function change(
    tx: Db,
    ctx: RequestContext,
    before: ComponentRow,
    values: ComponentValues,
    action: string,
  ): Promise<Component> {
    const repo = createComponentsRepository(tx);
    await repo.update(before.id, values);
    const after = (await repo.findAcrossCompanies(before.id))!;
    await recordChange(tx, ctx, {
      entityType: 'component',
      entityId: before.id,
      action,
      // an uninstall is still the business of the company whose point it left
      companyId: after.pointCompanyId ?? before.pointCompanyId,
      before: componentHistory(before),
      after: componentHistory(after),
    });
    return toComponent(after);
  }

  /** Editing and deleting need an Inactive component (docs/DEVICES.md); SET1009 says so of the component. */
  function assertInactive(row: ComponentRow) {
    if (row.state !== 'Inactive') throw new ConflictError('SET1009');
  }

  const service = {
    async list(ctx: RequestContext, query: ComponentListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } = ctx.isGlobal
        ? await reader.listAcrossCompanies(query)
        : await reader.listInCompany(ctx, query);
      return { rows: rows.map(toComponent), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Component> {
      assertCan(ctx, 'monitoring.read');
      return toComponent(await visible(db, ctx, id));
    },

    /** New components enter the stock: Inactive, no device, no point. */
    create(ctx: RequestContext, input: ComponentInput): Promise<Component> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createComponentsRepository(tx);
        const id = await repo.insert({ ...(await prepare(tx, ctx, input)), state: 'Inactive' });
        const after = (await repo.findAcrossCompanies(id))!;
        await recordChange(tx, ctx, {
          entityType: 'component',
          entityId: id,
          action: 'create',
          companyId: null,
          before: null,
          after: componentHistory(after),
        });
        return toComponent(after);
      });
    },

    update(ctx: RequestContext, id: string, input: ComponentInput): Promise<Component> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        assertInactive(before);
        return change(tx, ctx, before, await prepare(tx, ctx, input, before), 'update');
      });
    },

    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createComponentsRepository(tx);
        const before = await visible(tx, ctx, id);
        assertInactive(before);
        await repo.remove(id);
        await recordChange(tx, ctx, {
          entityType: 'component',
          entityId: id,
          action: 'delete',
          companyId: null,
          before: componentHistory(before),
          after: null,
        });
      });
    },

    /** Fits the component to the device at the point; `force` replaces one of the same type already there. */
    install(ctx: RequestContext, id: string, body: ComponentInstall): Promise<Component> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createComponentsRepository(tx);
        const before = await visible(tx, ctx, id);
        if (before.state === 'Installed') throw new ConflictError('EQ1013');
        if (before.state === 'Decommissioned') throw new ConflictError('EQ1019');
        if (!before.typeEnabled) throw new ConflictError('EQ1014');
        // a point of the current company, for provider staff too, through the one access function
        await createAccess(tx).assertPoint(ctx.caller, body.pointId);
        const point = await repo.livePoint(body.pointId);
        if (!point) throw new NotFoundError('POM1000');
        // a type goes to its own company's points; the provider's types go anywhere
        if (point.companyId !== before.typeCompanyId && !before.typeShared)
          throw new ConflictError('SET1010');
        const device = await repo.deviceAtPoint(point.id);
        // no device at the point to fit it to: 409 with the "device not found" text
        if (!device) throw new AppError('EQ1000', undefined, 409);
        const occupants = await repo.installedAt(point.id, before.typeId, id);
        // SET1008 asks the caller to confirm the replacement; the same call with force does it
        if (occupants.length > 0 && !body.force) throw new ConflictError('SET1008');
        for (const occupantId of occupants) {
          const occupant = (await repo.findAcrossCompanies(occupantId))!;
          await change(tx, ctx, occupant, { state: 'Inactive', deviceId: null, pointId: null }, 'uninstall');
        }
        return change(
          tx,
          ctx,
          before,
          { state: 'Installed', deviceId: device.id, pointId: point.id },
          'install',
        );
      });
    },

    uninstall(ctx: RequestContext, id: string): Promise<Component> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        if (before.state !== 'Installed') throw new ConflictError('EQ1015');
        return change(tx, ctx, before, { state: 'Inactive', deviceId: null, pointId: null }, 'uninstall');
      });
    },

    /** ADMIN only, like a device's decommission (docs/ROLES.md). */
    decommission(ctx: RequestContext, id: string): Promise<Component> {
      assertCan(ctx, 'devices.destroy');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        if (before.state !== 'Inactive') throw new ConflictError('EQ1008');
        return change(tx, ctx, before, { state: 'Decommissioned' }, 'decommission');
      });
    },

    reincorporate(ctx: RequestContext, id: string): Promise<Component> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        if (before.state !== 'Decommissioned') throw new ConflictError('EQ1010');
        return change(tx, ctx, before, { state: 'Inactive' }, 'reincorporate');
      });
    },

    /** The actions posted as /api/components/{id}/{action}. */
    act(ctx: RequestContext, id: string, action: ComponentAction): Promise<Component> {
      return service[action](ctx, id);
    },
  };
  return service;
}
export type ComponentsService = ReturnType<typeof createComponentsService>;
