export { layersRoutes } from './routes';
export { useLayerOptionsQuery } from './api';
