export { publicDashboardRoutes } from './routes';
