/**
 * Latest values of every point of the company (series_latest), as one service call: read whole each
 * call, and from the cache kept current by events (latest-values.cache.ts) with 50 points announcing
 * new values between two calls — a client polling every 6 s a network of 5,000 points that report
 * every 10 minutes (~8 points a second).
 */
import type { LatestValue } from '@aforo/contracts/latest-values';
import pino from 'pino';
import { createEventBus } from '../../events/event-bus';
import { createLatestValuesCache } from '../../modules/points/latest-values.cache';
import { createLatestValuesService } from '../../modules/points/latest-values.service';
import type { BenchQuery } from './query';

export const latestValuesQuery: BenchQuery = {
  name: 'latest values, all points, read whole',
  target: '≤ 5 ms median',
  met: (medianMs) => medianMs <= 5,
  run: (data) => createLatestValuesService(data.database).list(data.context),
};

const bus = createEventBus({ log: pino({ level: 'silent' }) });
const cache = createLatestValuesCache<LatestValue>({ events: bus });
let turn = 0;

export const latestValuesCachedQuery: BenchQuery = {
  name: 'latest values, cached, 50 points changed',
  target: '≤ 5 ms median',
  met: (medianMs) => medianMs <= 5,
  async between(data) {
    const ids = data.allPointIds;
    const changed = Array.from({ length: 50 }, (_, i) => ids[(turn * 50 + i) % ids.length]!);
    turn += 1;
    bus.publish('series.changed', { pointIds: changed });
    await bus.idle();
  },
  run: (data) => createLatestValuesService(data.database, { cache }).list(data.context),
};
