/** Every read `npm run bench:queries` times, in the order it prints them. */
import { chartOneMinuteQuery, chartTenMinuteQuery } from './chart';
import { latestValuesCachedQuery, latestValuesQuery } from './latest-values';
import { mapPayloadQuery } from './map-payload';
import { monitoringListQuery } from './monitoring-list';
import type { BenchQuery } from './query';

export const benchQueries: BenchQuery[] = [
  chartTenMinuteQuery,
  chartOneMinuteQuery,
  latestValuesQuery,
  latestValuesCachedQuery,
  monitoringListQuery,
  mapPayloadQuery,
];
