export { measuresFailedRoute } from './routes';
