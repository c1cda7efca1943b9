/** Countries (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import { ConflictError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { countryHistory, toCountry } from './countries.mapper';
import { createCountriesRepository, type CountriesRepository } from './countries.repository';
import type { Country } from '@aforo/contracts/countries';
import type { Deps } from '../../deps';

export function createCountriesService({ db, transact }: Deps) {
  return createCatalogueService<CountriesRepository, Country>(
    { db, transact },
    {
      entityType: 'country',
      notFound: 'CU1000',
      rights: { read: 'catalogue.read', edit: 'catalogue.edit' },
      repository: createCountriesRepository,
      toDto: toCountry,
      history: countryHistory,
      async assertInput(_ctx, repo, input, exceptId) {
        const clash = await repo.findClash(input, exceptId);
        if (clash.name) throw new ConflictError('CU1001');
        if (clash.code) throw new ConflictError('CU1003');
      },
      async beforeRemove(_ctx, _tx, repo, row) {
        if (await repo.isUsed(row.id)) throw new ConflictError('CU1002');
      },
    },
  );
}
export type CountriesService = ReturnType<typeof createCountriesService>;
