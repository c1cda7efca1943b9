import type { Layer } from '@aforo/contracts/layers';
import type { LayerRow } from './layers.repository';

export function toLayer(row: LayerRow): Layer {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    viewable: row.viewable,
    pointIds: row.pointIds,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records, the sorted point ids included. */
export function layerHistory(row: LayerRow): Record<string, unknown> {
  return {
    companyId: row.companyId,
    name: row.name,
    colour: row.colour,
    viewable: row.viewable,
    pointIds: [...row.pointIds].sort(),
  };
}
