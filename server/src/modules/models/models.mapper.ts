import type { Model } from '@aforo/contracts/models';
import type { ModelRow } from './models.repository';

export function toModel(row: ModelRow): Model {
  return {
    id: row.id,
    brand: { id: row.brandId, abbreviation: row.brandAbbreviation },
    name: row.name,
    ports: row.ports,
    devices: row.devices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function modelHistory(row: ModelRow): Record<string, unknown> {
  return { brandId: row.brandId, name: row.name, ports: row.ports };
}
