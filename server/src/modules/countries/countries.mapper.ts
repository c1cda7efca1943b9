import type { Country } from '@aforo/contracts/countries';
import type { CountryRow } from './countries.repository';

export function toCountry(row: CountryRow): Country {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    companies: row.companies,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function countryHistory(row: CountryRow): Record<string, unknown> {
  return { name: row.name, code: row.code };
}
