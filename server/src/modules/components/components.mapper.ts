import type { Component } from '@aforo/contracts/components';
import type { ComponentRow } from './components.repository';

export function toComponent(row: ComponentRow): Component {
  return {
    id: row.id,
    type: {
      id: row.typeId,
      name: row.typeName,
      enabled: row.typeEnabled,
      companyId: row.typeCompanyId,
      shared: row.typeShared,
    },
    serial: row.serial,
    values: (row.values ?? {}) as Record<string, unknown>,
    state: row.state as Component['state'],
    device: row.deviceId ? { id: row.deviceId, serial: row.deviceSerial ?? '' } : null,
    point: row.pointId ? { id: row.pointId, name: row.pointName ?? '' } : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function componentHistory(row: ComponentRow): Record<string, unknown> {
  return {
    typeId: row.typeId,
    serial: row.serial,
    values: row.values,
    state: row.state,
    deviceId: row.deviceId,
    pointId: row.pointId,
  };
}
