/** Calls of refused device messages (provider staff): read only, written by ingestion. */
import { failedMeasureDetailSchema, failedMeasureListSchema } from '@aforo/contracts/failed-measures';
import type { FailedMeasure, FailedMeasureDetail } from '@aforo/contracts/failed-measures';
import { createCrudHooks } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

const failedMeasuresApi = createCrudHooks<FailedMeasure, never, FailedMeasureDetail>({
  keys: queryKeys.failedMeasures,
  path: '/measures-failed',
  schemas: { list: failedMeasureListSchema, item: failedMeasureDetailSchema },
});

export const useFailedMeasuresQuery = failedMeasuresApi.useListQuery;
export const useFailedMeasureQuery = failedMeasuresApi.useItemQuery;
