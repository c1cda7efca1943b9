/** Devices: the fleet register, its life cycle (docs/DEVICES.md) and the device key. */
import { randomBytes } from 'node:crypto';
import { changeStateTargets, type DeviceState, type DeviceTransition } from '@aforo/contracts/device-states';
import type {
  Device,
  DeviceAction,
  DeviceChangeState,
  DeviceInputParsed,
  DeviceInstall,
  DeviceListQuery,
  DeviceStateChange,
} from '@aforo/contracts/devices';
import { fieldMessage } from '@aforo/contracts/errors';
import { assertCan } from '../../core/access';
import { hashKey } from '../../lib/key-hash';
import { afterCommit } from '../../db/transaction';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { type RequestContext, actorId } from '../../core/request-context';
import { recordChange } from '../../core/history';
import { deviceHistory, toDevice, toStateChange } from './devices.mapper';
import { createDevicesRepository, type DeviceValues } from './devices.repository';
import type { Deps } from '../../deps';
import { assertInput, assertTransition, change, configurePoint, visible } from './device-changes';

/** Every change ingestion depends on (key, state, point) is announced after commit: device.changed. */
export function createDevicesService({ db, transact }: Deps) {
  const reader = createDevicesRepository(db);

  return {
    async list(ctx: RequestContext, query: DeviceListQuery) {
      assertCan(ctx, 'monitoring.read');
      const { rows, total } =
        ctx.isGlobal && query.allCompanies
          ? await reader.listAcrossCompanies(query)
          : await reader.listInCompany(ctx, query);
      return { rows: rows.map(toDevice), total };
    },

    async get(ctx: RequestContext, id: string): Promise<Device> {
      assertCan(ctx, 'monitoring.read');
      return toDevice(await visible(db, ctx, id));
    },

    async stateHistory(
      ctx: RequestContext,
      id: string,
    ): Promise<{ rows: DeviceStateChange[]; total: number }> {
      assertCan(ctx, 'monitoring.read');
      await visible(db, ctx, id, true);
      const rows = (await reader.stateHistory(id)).map(toStateChange);
      return { rows, total: rows.length };
    },

    /** New devices enter the stock: Available, no company, no point. */
    create(ctx: RequestContext, input: DeviceInputParsed): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        await assertInput(ctx, repo, input);
        const id = await repo.insert({ ...input, state: 'Available', updatedBy: actorId(ctx) });
        const after = (await repo.findAcrossCompanies(id))!;
        await repo.recordState({
          deviceId: id,
          fromState: null,
          toState: 'Available',
          byUserId: actorId(ctx),
          pointId: null,
          reason: null,
        });
        await recordChange(tx, ctx, {
          entityType: 'device',
          entityId: id,
          action: 'create',
          companyId: null,
          before: null,
          after: deviceHistory(after),
        });
        return toDevice(after);
      });
    },

    update(ctx: RequestContext, id: string, input: DeviceInputParsed): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        if (before.state === 'Decommissioned') throw new ConflictError('EQ1019');
        // the hardware of an installed device cannot change under its point
        const hardwareChanged = input.modelId !== before.modelId || input.productId !== before.productId;
        if (before.state === 'Active' && hardwareChanged) throw new ConflictError('EQ1002');
        await assertInput(ctx, repo, input, id);
        return change(tx, ctx, before, input, 'update', null);
      });
    },

    /** The state transitions that need no point (the install wizard and uninstall have their own calls). */
    act(
      ctx: RequestContext,
      id: string,
      action: Exclude<DeviceTransition, 'install' | 'uninstall'>,
      body: DeviceAction,
    ): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      if (action === 'decommission') assertCan(ctx, 'devices.destroy');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        const to = assertTransition(before, action);
        const values: DeviceValues = { state: to };
        if (action === 'review') {
          if (!before.modelId || !before.productId) throw new ConflictError('EQ1002');
        }
        if (action === 'assign') {
          if (!body.companyId) throw new ValidationError({ companyId: fieldMessage('required', ctx.lang) });
          if (!(await repo.companyExists(body.companyId))) throw new NotFoundError('CO1000');
          Object.assign(values, { companyId: body.companyId, location: 'Store' });
        }
        if (action === 'decommission') {
          if (before.measurementPointId) throw new ConflictError('EQ1008');
          values.location = body.location ?? 'Dump Site';
        }
        return change(tx, ctx, before, values, action, body.reason ?? null);
      });
    },

    /**
     * ADMIN's correction: any state the transition table allows from the current one, with a reason.
     * Only the state moves (company, point and location stay; the actions move those), so a target
     * the device is not fit for is refused: Active needs a point (EQ1022) and enabled component types
     * (EQ1014), Inactive a company (EQ1023), Available a model and product (EQ1002, as review),
     * Decommissioned no point (EQ1008, as decommission). The device is looked up before the right
     * is checked: another company's device is not found, whoever asks.
     */
    changeState(ctx: RequestContext, id: string, body: DeviceChangeState): Promise<Device> {
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        assertCan(ctx, 'devices.changeState');
        if (before.state === 'Decommissioned') throw new ConflictError('EQ1019');
        if (!changeStateTargets(before.state as DeviceState).includes(body.state))
          throw new ConflictError('EQ1010');
        if (body.state === 'Available' && (!before.modelId || !before.productId))
          throw new ConflictError('EQ1002');
        if (body.state === 'Inactive' && !before.companyId) throw new ConflictError('EQ1023');
        if (body.state === 'Active') {
          if (!before.measurementPointId) throw new ConflictError('EQ1022');
          if ((await repo.disabledComponentTypes(id)) > 0) throw new ConflictError('EQ1014');
        }
        if (body.state === 'Decommissioned' && before.measurementPointId) throw new ConflictError('EQ1008');
        return change(tx, ctx, before, { state: body.state }, 'change-state', body.reason);
      });
    },

    /**
     * The install wizard's last step: the device goes Active at a point of its company. With a
     * configuration (the wizard's second step) the point's times and per-port parameters are
     * replaced in the same transaction, audited as a point update; the device's retained config is
     * republished after commit (device.changed) and so carries them.
     */
    install(ctx: RequestContext, id: string, body: DeviceInstall): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      const { pointId, reason, configuration } = body;
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        assertTransition(before, 'install');
        if (before.measurementPointId && before.measurementPointId !== pointId)
          throw new ConflictError('EQ1013');
        // the point must belong to the device's company; another company's point is not found
        const point = before.companyId
          ? await repo.pointInCompany({ companyId: before.companyId }, pointId)
          : undefined;
        if (!point) throw new NotFoundError('POM1000');
        if (await repo.otherDeviceAt(pointId, id)) throw new ConflictError('POM1012');
        if ((await repo.disabledComponentTypes(id)) > 0) throw new ConflictError('EQ1014');
        // the point's per-port parameters must name ports the device has (a rain gauge's p1 on a radar is a mistake)
        const ports = before.modelId ? await repo.portKeys(before.modelId) : [];
        if (configuration) {
          const unknown = Object.keys(configuration.parameters).filter((k) => !ports.includes(k));
          if (unknown.length > 0)
            throw new ValidationError(
              Object.fromEntries(
                unknown.map((k) => [`configuration.parameters.${k}`, fieldMessage('invalid', ctx.lang)]),
              ),
            );
          await configurePoint(tx, ctx, { companyId: point.companyId, pointId }, configuration);
        } else {
          const keys = Object.keys((point.parameters ?? {}) as Record<string, unknown>);
          if (keys.some((k) => !ports.includes(k))) throw new ConflictError('EQ1020');
        }
        return change(
          tx,
          ctx,
          before,
          { state: 'Active', measurementPointId: pointId, location: 'Empty' },
          'install',
          reason,
        );
      });
    },

    /** The device powers down and leaves its point; the point keeps its history. */
    uninstall(ctx: RequestContext, id: string, reason: string | null): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        assertTransition(before, 'uninstall');
        await repo.uninstallComponents(id);
        return change(
          tx,
          ctx,
          before,
          { state: 'Inactive', measurementPointId: null, location: 'Store' },
          'uninstall',
          reason,
        );
      });
    },

    /** Soft delete: never an active device, nor one still assigned to a company or a point. */
    remove(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id);
        if (before.state === 'Active') throw new ConflictError('EQ1012');
        if (before.companyId) throw new ConflictError('EQ1003');
        if (before.measurementPointId) throw new ConflictError('EQ1004');
        await change(tx, ctx, before, { deletedAt: new Date() }, 'delete', null);
      });
    },

    restore(ctx: RequestContext, id: string): Promise<Device> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const before = await visible(tx, ctx, id, true);
        if (!before.deletedAt) throw new ConflictError('EQ1005');
        return change(tx, ctx, before, { deletedAt: null }, 'restore', null);
      });
    },

    /**
     * ADMIN only: no point, no measures (docs/DEVICES.md), no components. The row is locked first, so an
     * ingestion batch either commits its measures before the check (refused: EQ1011) or waits and
     * finds the device gone (its message refused, nothing orphaned).
     */
    hardDelete(ctx: RequestContext, id: string): Promise<void> {
      assertCan(ctx, 'devices.destroy');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        await repo.lock(id);
        const before = await visible(tx, ctx, id, true);
        if (before.measurementPointId) throw new ConflictError('EQ1004');
        if (before.state === 'Active') throw new ConflictError('EQ1012');
        if (await repo.hasComponents(id)) throw new ConflictError('EQ1021');
        if (await repo.hasMeasures(id)) throw new ConflictError('EQ1011');
        await repo.hardDelete(id);
        afterCommit(tx, 'device.changed', { deviceId: id });
        await recordChange(tx, ctx, {
          entityType: 'device',
          entityId: id,
          action: 'hard_delete',
          companyId: before.companyId,
          before: deviceHistory(before),
          after: null,
        });
      });
    },

    /** A new device key, shown once; the previous one stops working. */
    regenerateKey(ctx: RequestContext, id: string): Promise<{ key: string }> {
      assertCan(ctx, 'devices.operate');
      return transact(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await visible(tx, ctx, id);
        if (before.state === 'Decommissioned') throw new ConflictError('EQ1019');
        const key = randomBytes(24).toString('base64url');
        await repo.update(id, { keyHash: hashKey(key), updatedBy: actorId(ctx) });
        afterCommit(tx, 'device.changed', { deviceId: id });
        await recordChange(tx, ctx, {
          entityType: 'device',
          entityId: id,
          action: 'key_regenerated',
          companyId: before.companyId,
          before: { hasKey: before.keyHash !== null },
          after: { hasKey: true },
        });
        return { key };
      });
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
