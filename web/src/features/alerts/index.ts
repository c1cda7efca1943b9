export { alertsRoute } from './routes';
