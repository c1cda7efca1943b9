import type { RouteObject } from 'react-router';

/** The devices screen of a section (docs/WEB.md): operation and technical administration share the page. */
export function devicesRoute(mode: 'administration' | 'operation'): RouteObject {
  return {
    path: 'devices',
    handle: { titleKey: 'screens.devices' },
    lazy: () => import('./pages/DevicesPage').then((m) => ({ element: <m.DevicesPage mode={mode} /> })),
  };
}
