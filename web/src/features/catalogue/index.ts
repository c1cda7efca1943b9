export { catalogueAdministrationRoutes, componentsRoute } from './routes';
export { brandsApi, modelsApi, productsApi, firmwaresApi, networksApi, modelLabel } from './api';
