/**
 * The measurement points resource: the points feature's calls and every point selector
 * (alerts, catalogue, devices, layers, measures) share it, so it lives outside the points feature.
 */
import { pointListSchema, pointSchema } from '@aforo/contracts/points';
import type { Point, PointInputParsed } from '@aforo/contracts/points';
import { createCrudHooks, optionsParams } from './crud-hooks';
import { queryKeys } from './query-keys';

export const pointsApi = createCrudHooks<Point, PointInputParsed>({
  keys: queryKeys.points,
  path: '/points',
  schemas: { list: pointListSchema, item: pointSchema },
  // the monitoring list shows the favourite star too
  refreshes: [queryKeys.monitoring.all],
});

/** Every point of the current company by name: the one source of every point selector. */
export function usePointOptionsQuery({ enabled = true }: { enabled?: boolean } = {}) {
  return pointsApi.useOptionsQuery(optionsParams('name'), { enabled });
}
