export { MapPanel } from './components/MapPanel';
export { useMapQuery } from './api';
