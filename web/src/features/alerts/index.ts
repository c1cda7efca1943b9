export { alertsRoute } from './routes';
export { AlertToasts } from './components/AlertToasts';
export { PointAlertsCard } from './components/PointAlertsCard';
export { AlertLevelBadge } from './components/AlertLevelBadge';
export { usePointAlerts } from './api';
export { alertRowBackgrounds } from './alert-colours';
