/** Firmwares of each model (Devices > Firmwares: ADMIN and CHIEF edit; VIEWER reads for selectors). */
import { fieldMessage } from '@aforo/contracts/errors';
import type { Firmware } from '@aforo/contracts/firmwares';
import { ConflictError, ValidationError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { firmwareHistory, toFirmware } from './firmwares.mapper';
import { createFirmwaresRepository, type FirmwaresRepository } from './firmwares.repository';
import type { Deps } from '../../deps';

export function createFirmwaresService({ db, transact }: Deps) {
  return createCatalogueService<FirmwaresRepository, Firmware>(
    { db, transact },
    {
      entityType: 'firmware',
      notFound: 'FM1001',
      rights: { read: 'products.read', edit: 'products.edit' },
      repository: createFirmwaresRepository,
      toDto: toFirmware,
      history: firmwareHistory,
      async assertInput(ctx, repo, input, exceptId) {
        if (!(await repo.modelExists(input.modelId)))
          throw new ValidationError({ modelId: fieldMessage('invalid', ctx.lang) });
        if (await repo.isVersionTaken(input.modelId, input.version, exceptId))
          throw new ConflictError('FM1002');
      },
      async beforeRemove(_ctx, _tx, repo, firmware) {
        if (await repo.hasDevices(firmware.id)) throw new ConflictError('FM1005');
      },
    },
  );
}
export type FirmwaresService = ReturnType<typeof createFirmwaresService>;
