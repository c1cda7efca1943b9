export { accountsRoutes } from './routes';
export { useCompanyOptionsQuery } from './api';
export { userStateKey } from './user-states';
