export { pointsRoutes } from './routes';
export { FavouriteToggle } from './components/FavouriteToggle';
export { PointLevelBadge } from './components/PointLevelBadge';
export { ReadingValue } from './components/ReadingValue';
export { PointParametersTable } from './components/PointParametersTable';
export { SeriesChart } from './components/SeriesChart';
export type { ChartAlertArea } from './components/point-chart-option';
export { PointKindFavouriteFilters } from './components/PointKindFavouriteFilters';
