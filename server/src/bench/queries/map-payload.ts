/** The map payload of the bench company's 5,000 points (GET /api/map/points without HTTP). */
import { createMapService } from '../../modules/map/map.service';
import type { BenchQuery } from './query';

export const mapPayloadQuery: BenchQuery = {
  name: 'map payload, 5,000 points',
  target: '≤ 100 ms median, ≤ 1 MB',
  met: (medianMs, bytes) => medianMs <= 100 && bytes <= 1024 * 1024,
  run: (data) =>
    createMapService({
      db: data.database.db,
      config: {
        mapTiles: { url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' },
      },
    }).payload(data.context, {}),
};
