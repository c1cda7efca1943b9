/** Models and their ports (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import { fieldMessage } from '@aforo/contracts/errors';
import type { Model } from '@aforo/contracts/models';
import { ConflictError, ValidationError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { modelHistory, toModel } from './models.mapper';
import { createModelsRepository, type ModelsRepository } from './models.repository';
import type { Deps } from '../../deps';

export function createModelsService({ db, transact }: Deps) {
  return createCatalogueService<ModelsRepository, Model>(
    { db, transact },
    {
      entityType: 'model',
      notFound: 'MO1000',
      rights: { read: 'catalogue.read', edit: 'catalogue.edit' },
      repository: createModelsRepository,
      toDto: toModel,
      history: modelHistory,
      async assertInput(ctx, repo, input, exceptId) {
        if (!(await repo.brandExists(input.brandId)))
          throw new ValidationError({ brandId: fieldMessage('invalid', ctx.lang) });
        if (await repo.isNameTaken(input.brandId, input.name, exceptId)) throw new ConflictError('MO1001');
      },
      async beforeRemove(_ctx, _tx, repo, model) {
        if (await repo.hasDevices(model.id)) throw new ConflictError('MO1002');
        // the catalogue still refers to it: firmwares of the model, products built on it
        if (await repo.isInCatalogue(model.id)) throw new ConflictError('MO1002');
      },
    },
  );
}
export type ModelsService = ReturnType<typeof createModelsService>;
