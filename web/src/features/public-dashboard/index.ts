export { publicDashboardRoutes, publicWidgetRoutes } from './routes';
