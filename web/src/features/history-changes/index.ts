export { historyChangesRoutes } from './routes';
