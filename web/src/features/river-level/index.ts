export { RiverLevelWidget } from './components/RiverLevelWidget';
export { RiverLevelCard } from './components/RiverLevelCard';
export { riverLevelRoot } from './api';
