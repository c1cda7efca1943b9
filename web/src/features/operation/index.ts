export { operationRoutes } from './routes';
