export { accountsRoutes } from './routes';
