/** Products (Devices > Products: ADMIN and CHIEF edit; VIEWER reads for selectors). */
import { randomBytes } from 'node:crypto';
import { fieldMessage } from '@aforo/contracts/errors';
import type { Product, ProvisioningKey } from '@aforo/contracts/products';
import { assertCan } from '../../core/access';
import { ConflictError, NotFoundError, ValidationError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
// the very hash the ingestion directory compares a presented key with
import { hashKey } from '../../lib/key-hash';
import { createCatalogueService } from '../catalogue-crud';
import { recordChange } from '../../core/history';
import { productHistory, toProduct } from './products.mapper';
import { createProductsRepository, type ProductsRepository } from './products.repository';
import type { Deps } from '../../deps';

export function createProductsService({ db, transact }: Deps) {
  const crud = createCatalogueService<ProductsRepository, Product>(
    { db, transact },
    {
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
    },
  );

  /**
   * Replaces (or, with null, removes) the product's provisioning key hash with its history entry;
   * the history records only whether a key exists, never the key.
   */
  function setProvisioningKey(ctx: RequestContext, id: string, key: string | null): Promise<void> {
    assertCan(ctx, 'products.edit');
    return transact(async (tx) => {
      const repo = createProductsRepository(tx);
      const before = await repo.findById(id);
      if (!before) throw new NotFoundError('PR1000');
      await repo.setProvisioningKeyHash(id, key === null ? null : hashKey(key));
      await recordChange(tx, ctx, {
        entityType: 'product',
        entityId: id,
        action: key === null ? 'provisioning_key_revoked' : 'provisioning_key_generated',
        companyId: null,
        before: { hasProvisioningKey: before.provisioningKeyHash !== null },
        after: { hasProvisioningKey: key !== null },
      });
    });
  }

  return {
    ...crud,

    /** A new provisioning key, shown once; the previous one stops working at once. */
    async generateProvisioningKey(ctx: RequestContext, id: string): Promise<ProvisioningKey> {
      const key = randomBytes(24).toString('base64url');
      await setProvisioningKey(ctx, id, key);
      return { key };
    },

    /** Turns self-registration off: unknown serials are refused again. */
    revokeProvisioningKey(ctx: RequestContext, id: string): Promise<void> {
      return setProvisioningKey(ctx, id, null);
    },
  };
}
export type ProductsService = ReturnType<typeof createProductsService>;
