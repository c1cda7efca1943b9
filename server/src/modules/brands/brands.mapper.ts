import type { Brand } from '@aforo/contracts/brands';
import type { BrandRow } from './brands.repository';

export function toBrand(row: BrandRow): Brand {
  return {
    id: row.id,
    abbreviation: row.abbreviation,
    description: row.description,
    models: row.models,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function brandHistory(row: BrandRow): Record<string, unknown> {
  return { abbreviation: row.abbreviation, description: row.description };
}
