/**
 * The one access check. `assertCan` asks for a right; the access function, given a caller and ids of points or devices (and of the components,
 * layers and users hanging on them), the ones it may see. Every service that names such an item by
 * id asks it (points, devices, components, component types, layers, user administration, telemetry reads), so a new kind of caller (API token, public dashboard, system job) is answered
 * in one place.
 */
import type { ErrorCode } from '@aforo/contracts/errors';
import type { Right } from '@aforo/contracts/roles';
import type { Db } from '../db/client';
import { createAccessRepository } from './access.repository';
import { ForbiddenError, NotFoundError } from './errors';
import type { Caller, RequestContext } from './request-context';

/** Whether the caller holds the right in the current company (core/rights.ts, per kind of caller). */
export function can(ctx: RequestContext, right: Right): boolean {
  return ctx.rights.has(right);
}

/** The first line of every service method: the right held in the current company, else 403. */
export function assertCan(ctx: RequestContext, right: Right): void {
  if (!can(ctx, right)) throw new ForbiddenError();
}

export interface Access {
  visiblePoints(caller: Caller, ids: readonly string[]): Promise<Set<string>>;
  visibleDevices(caller: Caller, ids: readonly string[]): Promise<Set<string>>;
  /** 404 with the point's code (POM1000) unless the caller may see it. */
  assertPoint(caller: Caller, id: string, code?: ErrorCode): Promise<void>;
  /** 404 with the device's code (EQ1000) unless the caller may see it. */
  assertDevice(caller: Caller, id: string, code?: ErrorCode): Promise<void>;
  /** 404 SET1002 unless the caller may see the component (through its point). */
  assertComponent(caller: Caller, id: string): Promise<void>;
  /** Of some component type ids, those of the caller's current company and the provider's. */
  visibleComponentTypes(caller: Caller, ids: readonly string[]): Promise<Set<string>>;
  /** 404 N1000 unless the type is the caller's current company's or the provider's. */
  assertComponentType(caller: Caller, id: string): Promise<void>;
  /** 404 N1000 unless the caller may see the layer. */
  assertLayer(caller: Caller, id: string): Promise<void>;
  /** 404 U1000 unless the caller may see the user (a profile in their company, or provider staff). */
  assertUser(caller: Caller, id: string): Promise<void>;
}

export function createAccess(db: Db): Access {
  const repo = createAccessRepository(db);
  const unique = (ids: readonly string[]) => [...new Set(ids)];
  return {
    async visiblePoints(caller, ids) {
      return new Set(await repo.visiblePointIds(caller, unique(ids)));
    },
    async visibleDevices(caller, ids) {
      return new Set(await repo.visibleDeviceIds(caller, unique(ids)));
    },
    async assertPoint(caller, id, code = 'POM1000') {
      if ((await repo.visiblePointIds(caller, [id])).length === 0) throw new NotFoundError(code);
    },
    async assertDevice(caller, id, code = 'EQ1000') {
      if ((await repo.visibleDeviceIds(caller, [id])).length === 0) throw new NotFoundError(code);
    },
    async assertComponent(caller, id) {
      if ((await repo.visibleComponentIds(caller, [id])).length === 0) throw new NotFoundError('SET1002');
    },
    async visibleComponentTypes(caller, ids) {
      return new Set(await repo.visibleComponentTypeIds(caller, unique(ids)));
    },
    async assertComponentType(caller, id) {
      if ((await repo.visibleComponentTypeIds(caller, [id])).length === 0) throw new NotFoundError('N1000');
    },
    async assertLayer(caller, id) {
      if ((await repo.visibleLayerIds(caller, [id])).length === 0) throw new NotFoundError('N1000');
    },
    async assertUser(caller, id) {
      if ((await repo.visibleUserIds(caller, [id])).length === 0) throw new NotFoundError('U1000');
    },
  };
}
