/**
 * The map of the current company (issue 13 item 3): its live points coloured by their worst open
 * level, its layers, and where tiles come from. Every signed-in user with the dashboard right reads
 * it (SPECTATOR included: the dashboard shows the map). Provider staff may read every company's
 * points at once (`scope=all`, core/network-scope.ts); each point and layer names its company.
 */
import type { MapPayload, MapQuery } from '@aforo/contracts/map';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import { networkViewer } from '../../core/network-scope';
import { type RequestContext, actorId } from '../../core/request-context';
import { toMapLayer, toMapPoint } from './map.mapper';
import { createMapRepository } from './map.repository';
import type { AppConfig, Deps } from '../../deps';

export function createMapService({ db, config }: Pick<Deps, 'db'> & { config: Pick<AppConfig, 'mapTiles'> }) {
  const repo = createMapRepository(db);
  return {
    async payload(ctx: RequestContext, query: MapQuery): Promise<MapPayload> {
      assertCan(ctx, 'dashboard.read');
      const viewer = networkViewer(ctx, query);
      // a layer filter names a layer the caller may read (in the network view: any company's)
      if (query.layerId && query.scope !== 'all')
        await createAccess(db).assertLayer(ctx.caller, query.layerId);
      const {
        companies,
        layers: layerRows,
        points: pointRows,
      } = await repo.payload(viewer, actorId(ctx), query.layerId);
      const companyIndex = new Map(companies.map((company, i) => [company.id, i]));
      const layers = layerRows.map((row) => toMapLayer(row, companyIndex));
      const layerIndex = new Map(layers.map((layer, i) => [layer.id, i]));
      return {
        companies,
        layers,
        points: pointRows.map((row) => toMapPoint(row, layerIndex, companyIndex)),
        tiles: config.mapTiles,
      };
    },
  };
}
export type MapService = ReturnType<typeof createMapService>;
