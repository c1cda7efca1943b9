export { measuresRoute } from './routes';
