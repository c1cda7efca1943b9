export { accountsRoutes } from './routes';
export { useUserOptions } from './api';
