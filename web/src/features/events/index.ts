export { eventsRoute } from './routes';
