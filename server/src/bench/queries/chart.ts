/** The point-year chart (GET /api/points/:id/series without HTTP) for both densities of the data set. */
import { defaultSeriesBuckets } from '@aforo/contracts/point-series';
import { primaryReads } from '../../db/read-replica';
import { createPointSeriesService } from '../../modules/points/point-series.service';
import type { BenchDataSet, BenchQuery } from './query';

const year = 365 * 86_400_000;

function pointYearChart(name: string, pointIdsOf: (data: BenchDataSet) => string[]): BenchQuery {
  let run = 0;
  return {
    name,
    target: '≤ 30 ms median',
    met: (medianMs) => medianMs <= 30,
    async run(data) {
      const ids = pointIdsOf(data);
      // a different point each run, as users open different points: no single series stays hot
      const pointId = ids[run++ % ids.length]!;
      const to = new Date();
      const from = new Date(to.getTime() - year);
      const { db } = data.database;
      return createPointSeriesService({ db, reads: primaryReads(db) }).get(data.context, pointId, {
        from,
        to,
        buckets: defaultSeriesBuckets,
      });
    },
  };
}

export const chartTenMinuteQuery = pointYearChart(
  'point-year chart, 10-minute data',
  (d) => d.tenMinutePointIds,
);
export const chartOneMinuteQuery = pointYearChart(
  'point-year chart, 1-minute data',
  (d) => d.oneMinutePointIds,
);
