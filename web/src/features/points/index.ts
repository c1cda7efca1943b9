export { pointsRoutes } from './routes';
export { usePointOptionsQuery } from './api';
export { PortParametersFields } from './components/PortParametersFields';
export type { PortFieldsForm } from './components/PortParametersFields';
export { PointParametersTable } from './components/PointParametersTable';
export { portFormValues, toPortParameters } from './port-parameters';
export type { PortFormValues } from './port-parameters';
