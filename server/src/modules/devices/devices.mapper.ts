import type { Device, DeviceStateChange } from '@aforo/contracts/devices';
import type { DeviceRow, DevicesRepository } from './devices.repository';

const ref = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

export function toDevice(row: DeviceRow): Device {
  return {
    id: row.id,
    serial: row.serial,
    manufactured: row.manufactured,
    model: ref(row.modelId, row.modelName),
    product: row.productId ? { id: row.productId, code: row.productCode ?? '' } : null,
    firmware: row.firmwareId ? { id: row.firmwareId, version: row.firmwareVersion ?? '' } : null,
    simNumber: row.simNumber,
    network: ref(row.networkId, row.networkName),
    company: ref(row.companyId, row.companyName),
    measurementPoint: ref(row.measurementPointId, row.pointName),
    batteryQuantity: row.batteryQuantity,
    batteryMaxLoad: row.batteryMaxLoad,
    technicalNotes: row.technicalNotes,
    serialExternalSensor: row.serialExternalSensor,
    state: row.state as Device['state'],
    location: row.location as Device['location'],
    hasKey: row.keyHash !== null,
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    lastBattery: row.lastBattery,
    lastRssi: row.lastRssi,
    transmission: row.transmission,
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: row.updatedBy ? { id: row.updatedBy, email: row.updatedByEmail ?? '' } : null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The fields the history of changes records (the key hash never). */
export function deviceHistory(row: DeviceRow): Record<string, unknown> {
  const {
    serial,
    manufactured,
    modelId,
    productId,
    firmwareId,
    simNumber,
    networkId,
    companyId,
    measurementPointId,
  } = row;
  const {
    batteryQuantity,
    batteryMaxLoad,
    technicalNotes,
    serialExternalSensor,
    state,
    location,
    deletedAt,
  } = row;
  return {
    serial,
    manufactured,
    modelId,
    productId,
    firmwareId,
    simNumber,
    networkId,
    companyId,
    measurementPointId,
    batteryQuantity,
    batteryMaxLoad,
    technicalNotes,
    serialExternalSensor,
    state,
    location,
    deletedAt,
  };
}

export function toStateChange(
  row: Awaited<ReturnType<DevicesRepository['stateHistory']>>[number],
): DeviceStateChange {
  return {
    id: row.id,
    from: row.fromState as DeviceStateChange['from'],
    to: row.toState as DeviceStateChange['to'],
    at: row.at.toISOString(),
    by: row.byId ? { id: row.byId, email: row.byEmail ?? '' } : null,
    point: ref(row.pointId, row.pointName),
    reason: row.reason,
  };
}
