/**
 * The map of the current company (issue 13 item 3): its live points coloured by their worst open
 * level, its layers, and where tiles come from. Every signed-in user with the dashboard right reads
 * it (SPECTATOR included: the dashboard shows the map).
 */
import type { MapPayload, MapQuery } from '@aforo/contracts/map';
import { assertCan } from '../../core/access';
import { createAccess } from '../../core/access';
import { type RequestContext, actorId } from '../../core/request-context';
import { toMapLayer, toMapPoint } from './map.mapper';
import { createMapRepository } from './map.repository';
import type { AppConfig, Deps } from '../../deps';

export function createMapService({ db, config }: Pick<Deps, 'db'> & { config: Pick<AppConfig, 'mapTiles'> }) {
  const repo = createMapRepository(db);
  return {
    async payload(ctx: RequestContext, query: MapQuery): Promise<MapPayload> {
      assertCan(ctx, 'dashboard.read');
      if (query.layerId) await createAccess(db).assertLayer(ctx.caller, query.layerId);
      const [layerRows, pointRows] = await Promise.all([
        repo.layers(ctx),
        repo.points(ctx, actorId(ctx), query.layerId),
      ]);
      const layers = layerRows.map(toMapLayer);
      const layerIndex = new Map(layers.map((layer, i) => [layer.id, i]));
      return {
        layers,
        points: pointRows.map((row) => toMapPoint(row, layerIndex)),
        tiles: config.mapTiles,
      };
    },
  };
}
export type MapService = ReturnType<typeof createMapService>;
