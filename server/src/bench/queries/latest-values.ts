/** Latest values of every point of the company (series_latest), as one service call. */
import { createLatestValuesService } from '../../modules/points/latest-values.service';
import type { BenchQuery } from './query';

export const latestValuesQuery: BenchQuery = {
  name: 'latest values, all points',
  target: '≤ 5 ms median',
  met: (medianMs) => medianMs <= 5,
  run: (data) => createLatestValuesService(data.database.db).list(data.context),
};
