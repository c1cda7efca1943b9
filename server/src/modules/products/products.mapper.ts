import type { Product } from '@aforo/contracts/products';
import type { ProductRow } from './products.repository';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    models: row.models,
    devices: row.devices,
    hasProvisioningKey: row.provisioningKeyHash !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records; model ids sorted so a rename of a model is no change. */
export function productHistory(row: ProductRow): Record<string, unknown> {
  return { code: row.code, name: row.name, modelIds: row.models.map((m) => m.id).sort() };
}
