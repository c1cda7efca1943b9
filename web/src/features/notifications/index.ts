export { notificationsRoute } from './routes';
export { NotificationBell } from './components/NotificationBell';
export { QuietHoursForm } from './components/QuietHoursForm';
