export { pointsRoutes } from './routes';
export { usePointOptionsQuery } from './api';
