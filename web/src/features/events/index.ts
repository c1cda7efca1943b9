export { eventsRoute } from './routes';
export { PointEventsCard } from './components/PointEventsCard';
