export { authPublicRoutes, changePasswordRoute, forcedChangePasswordRoute } from './routes';
export { refreshToken, useSelectCompanyMutation } from './api';
