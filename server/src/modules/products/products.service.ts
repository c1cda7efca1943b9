/** Products (Devices > Products: ADMIN and CHIEF edit; VIEWER reads for selectors). */
import { fieldMessage } from '@aforo/contracts/errors';
import type { Product } from '@aforo/contracts/products';
import type { Db } from '../../db/client';
import { ConflictError, ValidationError } from '../../http/errors';
import { createCatalogueService } from '../catalogue-crud';
import { productHistory, toProduct } from './products.mapper';
import { createProductsRepository, type ProductsRepository } from './products.repository';

export function createProductsService(db: Db) {
  return createCatalogueService<ProductsRepository, Product>(db, {
    entityType: 'product',
    notFound: 'PR1000',
    rights: { read: 'products.read', edit: 'products.edit' },
    repository: createProductsRepository,
    toDto: toProduct,
    history: productHistory,
    async assertInput(ctx, repo, input, exceptId) {
      if ((await repo.missingModels(input.modelIds)).length > 0)
        throw new ValidationError({ modelIds: fieldMessage('invalid', ctx.lang) });
      if (await repo.isCodeTaken(input.code, exceptId)) throw new ConflictError('PR1001');
    },
    async beforeRemove(_ctx, _tx, repo, product) {
      if (await repo.hasDevices(product.id)) throw new ConflictError('PR1002');
    },
  });
}
export type ProductsService = ReturnType<typeof createProductsService>;
