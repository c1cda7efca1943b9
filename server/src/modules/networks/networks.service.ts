/** Networks (System, ADMIN edits; CHIEF and VIEWER read for selectors). */
import type { Network } from '@aforo/contracts/networks';
import { ConflictError } from '../../core/errors';
import { createCatalogueService } from '../catalogue-crud';
import { networkHistory, toNetwork } from './networks.mapper';
import { createNetworksRepository, type NetworksRepository } from './networks.repository';
import type { Deps } from '../../deps';

export function createNetworksService({ db, transact }: Deps) {
  return createCatalogueService<NetworksRepository, Network>(
    { db, transact },
    {
      entityType: 'network',
      notFound: 'NE1000',
      rights: { read: 'catalogue.read', edit: 'catalogue.edit' },
      repository: createNetworksRepository,
      toDto: toNetwork,
      history: networkHistory,
      async assertInput(_ctx, repo, input, exceptId) {
        if (await repo.isNameTaken(input.name, exceptId)) throw new ConflictError('NE1001');
      },
      async beforeRemove(_ctx, _tx, repo, network) {
        if (await repo.hasDevices(network.id)) throw new ConflictError('NE1002');
      },
    },
  );
}
export type NetworksService = ReturnType<typeof createNetworksService>;
