/** Calls of device events (ERROR, RESTART, SYSTEM): read only, written by ingestion. */
import { eventListSchema, eventSchema } from '@aforo/contracts/events';
import type { DeviceEvent } from '@aforo/contracts/events';
import { createCrudHooks } from '../../lib/crud-hooks';
import { queryKeys } from '../../lib/query-keys';

const eventsApi = createCrudHooks<DeviceEvent>({
  keys: queryKeys.events,
  path: '/events',
  schemas: { list: eventListSchema, item: eventSchema },
});

export const useEventsQuery = eventsApi.useListQuery;
