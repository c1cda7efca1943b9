export { apiTokensRoute } from './routes';
