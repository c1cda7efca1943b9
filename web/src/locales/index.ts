/** The es and en catalogues; each file becomes a top-level key (t('nav.home')). */
import enAccounts from './en/accounts.json';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enErrors from './en/errors.json';
import enHistory from './en/history.json';
import enNav from './en/nav.json';
import enNotFound from './en/notFound.json';
import enRoles from './en/roles.json';
import enScreens from './en/screens.json';
import enSession from './en/session.json';
import enShell from './en/shell.json';
import enSystem from './en/system.json';
import esAccounts from './es/accounts.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esDashboard from './es/dashboard.json';
import esErrors from './es/errors.json';
import esHistory from './es/history.json';
import esNav from './es/nav.json';
import esNotFound from './es/notFound.json';
import esRoles from './es/roles.json';
import esScreens from './es/screens.json';
import esSession from './es/session.json';
import esShell from './es/shell.json';
import esSystem from './es/system.json';

export const resources = {
  es: {
    translation: {
      accounts: esAccounts,
      auth: esAuth,
      common: esCommon,
      dashboard: esDashboard,
      errors: esErrors,
      history: esHistory,
      nav: esNav,
      notFound: esNotFound,
      roles: esRoles,
      screens: esScreens,
      session: esSession,
      shell: esShell,
      system: esSystem,
    },
  },
  en: {
    translation: {
      accounts: enAccounts,
      auth: enAuth,
      common: enCommon,
      dashboard: enDashboard,
      errors: enErrors,
      history: enHistory,
      nav: enNav,
      notFound: enNotFound,
      roles: enRoles,
      screens: enScreens,
      session: enSession,
      shell: enShell,
      system: enSystem,
    },
  },
};
