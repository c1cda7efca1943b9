export { alertsRoute } from './routes';
export { AlertToasts } from './components/AlertToasts';
// shared UI, re-exported where the features that show levels have always found them
export { AlertLevelBadge } from '../../ui/AlertLevelBadge';
export { alertRowBackgrounds } from '../../ui/alert-colours';
