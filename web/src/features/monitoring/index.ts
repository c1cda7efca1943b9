export { monitoringRoutes } from './routes';
