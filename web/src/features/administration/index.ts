export { administrationRoutes } from './routes';
