export { catalogueAdministrationRoutes, componentsRoute } from './routes';
export {
  modelLabel,
  useFirmwareOptionsQuery,
  useModelOptionsQuery,
  useNetworkOptionsQuery,
  useProductOptionsQuery,
} from './api';
