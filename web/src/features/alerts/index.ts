export { alertsRoute } from './routes';
export { AlertToasts } from './components/AlertToasts';
export { PointAlertsCard } from './components/PointAlertsCard';
export { usePointAlerts } from './api';
export { alertRowBackgrounds } from './alert-colours';
export { AlertLevelBadge } from './components/AlertLevelBadge';
