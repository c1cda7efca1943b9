export { MapPanel } from './components/MapPanel';
export { useMapQuery } from './api';
export { LazyPointsMap } from './components/LazyPointsMap';
export { LevelLegend } from './components/LevelLegend';
