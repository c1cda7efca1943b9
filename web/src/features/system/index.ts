export { systemRoutes } from './routes';
export { useBillingPlanOptionsQuery, useCountryOptionsQuery } from './api';
