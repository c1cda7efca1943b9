import type { RouteObject } from 'react-router';

/** /app/operation/events (Technical Operation: the general group of its section). */
export const eventsRoute: RouteObject = {
  path: 'events',
  handle: { titleKey: 'screens.events' },
  lazy: () => import('./pages/EventsPage').then((m) => ({ Component: m.EventsPage })),
};
