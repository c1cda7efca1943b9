/** Brands (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import type { Brand } from '@aforo/contracts/brands';
import { ConflictError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { brandHistory, toBrand } from './brands.mapper';
import { createBrandsRepository, type BrandsRepository } from './brands.repository';
import type { Deps } from '../../deps';

export function createBrandsService({ db, transact }: Deps) {
  return createCatalogueService<BrandsRepository, Brand>(
    { db, transact },
    {
      entityType: 'brand',
      notFound: 'B1000',
      rights: { read: 'catalogue.read', edit: 'catalogue.edit' },
      repository: createBrandsRepository,
      toDto: toBrand,
      history: brandHistory,
      async assertInput(_ctx, repo, input, exceptId) {
        if (await repo.isAbbreviationTaken(input.abbreviation, exceptId)) throw new ConflictError('B1003');
      },
      async beforeRemove(_ctx, _tx, _repo, brand) {
        if (brand.models > 0) throw new ConflictError('B1002');
      },
    },
  );
}
export type BrandsService = ReturnType<typeof createBrandsService>;
