/** The es and en catalogues; each file becomes a top-level key (t('nav.home')). */
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enErrors from './en/errors.json';
import enNav from './en/nav.json';
import enNotFound from './en/notFound.json';
import enScreens from './en/screens.json';
import enSession from './en/session.json';
import enShell from './en/shell.json';
import esAuth from './es/auth.json';
import esCommon from './es/common.json';
import esDashboard from './es/dashboard.json';
import esErrors from './es/errors.json';
import esNav from './es/nav.json';
import esNotFound from './es/notFound.json';
import esScreens from './es/screens.json';
import esSession from './es/session.json';
import esShell from './es/shell.json';

export const resources = {
  es: {
    translation: {
      auth: esAuth,
      common: esCommon,
      dashboard: esDashboard,
      errors: esErrors,
      nav: esNav,
      notFound: esNotFound,
      screens: esScreens,
      session: esSession,
      shell: esShell,
    },
  },
  en: {
    translation: {
      auth: enAuth,
      common: enCommon,
      dashboard: enDashboard,
      errors: enErrors,
      nav: enNav,
      notFound: enNotFound,
      screens: enScreens,
      session: enSession,
      shell: enShell,
    },
  },
};
