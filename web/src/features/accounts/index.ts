export { accountsRoutes } from './routes';
export { useCompanyOptionsQuery, useUserOptions } from './api';
export { userStateKey } from './user-states';
