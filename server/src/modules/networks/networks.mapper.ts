import type { Network } from '@aforo/contracts/networks';
import type { NetworkRow } from './networks.repository';

export function toNetwork(row: NetworkRow): Network {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    devices: row.devices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function networkHistory(row: NetworkRow): Record<string, unknown> {
  return { name: row.name, type: row.type };
}
