export { usePointOptionsQuery } from './api';
