export { alertsRoute } from './routes';
export { AlertToasts } from './components/AlertToasts';
