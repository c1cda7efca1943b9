export { layersRoutes } from './routes';
