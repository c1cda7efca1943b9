/** The es and en catalogues; each file becomes a top-level key (t('nav.home')). */
import enAccounts from './en/accounts.json';
import enAlerts from './en/alerts.json';
import enAuth from './en/auth.json';
import enCatalogue from './en/catalogue.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enDevices from './en/devices.json';
import enErrors from './en/errors.json';
import enExports from './en/exports.json';
import enHistory from './en/history.json';
import enLayers from './en/layers.json';
import enMonitoring from './en/monitoring.json';
import enMap from './en/map.json';
import enNotifications from './en/notifications.json';
import enOverview from './en/overview.json';
import enNav from './en/nav.json';
import enNotFound from './en/notFound.json';
import enPoints from './en/points.json';
import enPublicDashboard from './en/publicDashboard.json';
import enRiverLevel from './en/riverLevel.json';
import enScreens from './en/screens.json';
import enSession from './en/session.json';
import enShell from './en/shell.json';
import enSystem from './en/system.json';
import enTelemetry from './en/telemetry.json';
import esAccounts from './es/accounts.json';
import esAlerts from './es/alerts.json';
import esAuth from './es/auth.json';
import esCatalogue from './es/catalogue.json';
import esCommon from './es/common.json';
import esDashboard from './es/dashboard.json';
import esDevices from './es/devices.json';
import esErrors from './es/errors.json';
import esExports from './es/exports.json';
import esHistory from './es/history.json';
import esLayers from './es/layers.json';
import esMonitoring from './es/monitoring.json';
import esMap from './es/map.json';
import esNotifications from './es/notifications.json';
import esOverview from './es/overview.json';
import esNav from './es/nav.json';
import esNotFound from './es/notFound.json';
import esPoints from './es/points.json';
import esPublicDashboard from './es/publicDashboard.json';
import esRiverLevel from './es/riverLevel.json';
import esScreens from './es/screens.json';
import esSession from './es/session.json';
import esShell from './es/shell.json';
import esSystem from './es/system.json';
import esTelemetry from './es/telemetry.json';

export const resources = {
  es: {
    translation: {
      accounts: esAccounts,
      alerts: esAlerts,
      auth: esAuth,
      catalogue: esCatalogue,
      common: esCommon,
      dashboard: esDashboard,
      devices: esDevices,
      errors: esErrors,
      exports: esExports,
      history: esHistory,
      layers: esLayers,
      monitoring: esMonitoring,
      map: esMap,
      nav: esNav,
      notifications: esNotifications,
      notFound: esNotFound,
      overview: esOverview,
      points: esPoints,
      publicDashboard: esPublicDashboard,
      riverLevel: esRiverLevel,
      screens: esScreens,
      session: esSession,
      shell: esShell,
      system: esSystem,
      telemetry: esTelemetry,
    },
  },
  en: {
    translation: {
      accounts: enAccounts,
      alerts: enAlerts,
      auth: enAuth,
      catalogue: enCatalogue,
      common: enCommon,
      dashboard: enDashboard,
      devices: enDevices,
      errors: enErrors,
      exports: enExports,
      history: enHistory,
      layers: enLayers,
      monitoring: enMonitoring,
      map: enMap,
      nav: enNav,
      notifications: enNotifications,
      notFound: enNotFound,
      overview: enOverview,
      points: enPoints,
      publicDashboard: enPublicDashboard,
      riverLevel: enRiverLevel,
      screens: enScreens,
      session: enSession,
      shell: enShell,
      system: enSystem,
      telemetry: enTelemetry,
    },
  },
};
