import type { RouteObject } from 'react-router';

/** The catalogue screens of /app/administration (brands, models and networks: ADMIN; products, firmwares: ADMIN, CHIEF). */
export const catalogueAdministrationRoutes: RouteObject[] = [
  {
    path: 'brands',
    handle: { titleKey: 'screens.brands', group: 'system' },
    lazy: () => import('./pages/BrandsPage').then((m) => ({ Component: m.BrandsPage })),
  },
  {
    path: 'models',
    handle: { titleKey: 'screens.models', group: 'system' },
    lazy: () => import('./pages/ModelsPage').then((m) => ({ Component: m.ModelsPage })),
  },
  {
    path: 'products',
    handle: { titleKey: 'screens.products', group: 'catalogue' },
    lazy: () => import('./pages/ProductsPage').then((m) => ({ Component: m.ProductsPage })),
  },
  {
    path: 'firmwares',
    handle: { titleKey: 'screens.firmwares', group: 'catalogue' },
    lazy: () => import('./pages/FirmwaresPage').then((m) => ({ Component: m.FirmwaresPage })),
  },
  {
    path: 'networks',
    handle: { titleKey: 'screens.networks', group: 'system' },
    lazy: () => import('./pages/NetworksPage').then((m) => ({ Component: m.NetworksPage })),
  },
];

/** /app/operation/components: components and component types. */
export const componentsRoute: RouteObject = {
  path: 'components',
  handle: { titleKey: 'screens.components' },
  lazy: () => import('./pages/ComponentsPage').then((m) => ({ Component: m.ComponentsPage })),
};
