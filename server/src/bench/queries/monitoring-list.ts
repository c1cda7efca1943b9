/**
 * The monitoring list's first page (GET /api/monitoring without HTTP) for the bench company's 5,000
 * points: series_latest and the open alerts for the level of every point, then 25 rows with one
 * index probe into measures each for the trend. Target: issue 13, ≤ 20 ms median.
 */
import { monitoringQuerySchema } from '@aforo/contracts/monitoring';
import { createMonitoringService } from '../../modules/monitoring/monitoring.service';
import type { BenchQuery } from './query';

const firstPage = monitoringQuerySchema.parse({});

export const monitoringListQuery: BenchQuery = {
  name: 'monitoring list, first page of 5,000 points',
  target: '≤ 20 ms median',
  met: (medianMs) => medianMs <= 20,
  run: (data) => createMonitoringService(data.database).list(data.context, firstPage),
};
