/**
 * How a device change is written (docs/DEVICES.md): the row, its history entry, its state-history row
 * and device.changed after commit; the install wizard's point configuration with point.changed; and
 * which transitions each state allows, with the code each refusal answers.
 */
import {
  canTransition,
  deviceTransitions,
  type DeviceState,
  type DeviceTransition,
} from '@aforo/contracts/device-states';
import type { DeviceInputParsed, DeviceInstall } from '@aforo/contracts/devices';
import { fieldMessage, type ErrorCode } from '@aforo/contracts/errors';
import { createAccess } from '../../core/access';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import { recordChange } from '../../core/history';
import { actorId, type RequestContext } from '../../core/request-context';
import type { Db } from '../../db/client';
import { afterCommit } from '../../db/transaction';
import { pointHistory } from '../points/points.mapper';
import { createPointsRepository } from '../points/points.repository';
import { deviceHistory, toDevice } from './devices.mapper';
import {
  createDevicesRepository,
  type DeviceRow,
  type DevicesRepository,
  type DeviceValues,
} from './devices.repository';

/** The code each transition answers when the device's state does not allow it. */
const refusal: Record<DeviceTransition, ErrorCode> = {
  review: 'EQ1010',
  assign: 'EQ1010',
  install: 'EQ1010',
  'request-maintenance': 'EQ1018',
  maintenance: 'EQ1006',
  repaired: 'EQ1007',
  uninstall: 'EQ1015',
  'turn-off': 'EQ1017',
  decommission: 'EQ1008',
};

/** The device, if the access function lets the caller see it (404 EQ1000 otherwise). */
export async function visible(
  handle: Db,
  ctx: RequestContext,
  id: string,
  withDeleted = false,
): Promise<DeviceRow> {
  await createAccess(handle).assertDevice(ctx.caller, id);
  const row = await createDevicesRepository(handle).findAcrossCompanies(id);
  if (!row || (row.deletedAt && !withDeleted)) throw new NotFoundError('EQ1000');
  return row;
}

export async function assertInput(
  ctx: RequestContext,
  repo: DevicesRepository,
  input: DeviceInputParsed,
  exceptId?: string,
) {
  const refs = await repo.checkReferences(input);
  if (refs.missing.length > 0) {
    throw new ValidationError(
      Object.fromEntries(refs.missing.map((f) => [f, fieldMessage('invalid', ctx.lang)])),
    );
  }
  if (!refs.firmwareFitsModel) throw new AppError('EQ1016', undefined, 409);
  if (await repo.serialTaken(input.serial, exceptId)) throw new ConflictError('SEQ1001');
  if (input.simNumber && (await repo.simTaken(input.simNumber, exceptId))) throw new ConflictError('EQ1001');
}

/** Writes a change, its history entry and, when the state moved, the state-history row. */
export async function change(
  tx: Db,
  ctx: RequestContext,
  before: DeviceRow,
  values: DeviceValues,
  action: string,
  reason: string | null,
) {
  const repo = createDevicesRepository(tx);
  await repo.update(before.id, { ...values, updatedBy: actorId(ctx) });
  afterCommit(tx, 'device.changed', { deviceId: before.id });
  const after = (await repo.findAcrossCompanies(before.id))!;
  if (after.state !== before.state) {
    await repo.recordState({
      deviceId: before.id,
      fromState: before.state,
      toState: after.state,
      byUserId: actorId(ctx),
      pointId: after.measurementPointId ?? before.measurementPointId,
      reason,
    });
  }
  await recordChange(tx, ctx, {
    entityType: 'device',
    entityId: before.id,
    action,
    companyId: after.companyId ?? before.companyId,
    before: deviceHistory(before),
    after: deviceHistory(after),
  });
  return toDevice(after);
}

/** The wizard's configuration written to the point, with its history entry and point.changed. */
export async function configurePoint(
  tx: Db,
  ctx: RequestContext,
  where: { companyId: string; pointId: string },
  configuration: NonNullable<DeviceInstall['configuration']>,
) {
  const points = createPointsRepository(tx);
  const scope = { companyId: where.companyId, userId: actorId(ctx) };
  const before = (await points.findInCompany(scope, where.pointId))!;
  await points.update(scope, where.pointId, configuration);
  const after = (await points.findInCompany(scope, where.pointId))!;
  afterCommit(tx, 'point.changed', { pointId: where.pointId });
  await recordChange(tx, ctx, {
    entityType: 'point',
    entityId: where.pointId,
    action: 'update',
    companyId: where.companyId,
    before: pointHistory(before),
    after: pointHistory(after),
  });
}

export function assertTransition(device: DeviceRow, action: DeviceTransition): DeviceState {
  if (device.state === 'Decommissioned') throw new ConflictError('EQ1019');
  if (!canTransition(action, device.state as DeviceState)) throw new ConflictError(refusal[action]);
  return deviceTransitions[action].to;
}
