export { accountsRoutes } from './routes';
export { useUserOptions } from './api';
export { userStateKey } from './user-states';
