/** i18next set-up (docs/WEB.md): Spanish by default, English fallback, language kept in the session store. */
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fallbackLanguage } from '@aforo/contracts/constants';
import { resources } from '../locales';
import { sessionStore } from './session';

export const i18n = i18next.createInstance();

function applyDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let started = false;

/** Initialises i18n once, synchronously, and follows the session's language from then on. */
export function initI18n(): typeof i18n {
  if (started) return i18n;
  started = true;
  const language = sessionStore.getState().language;
  void i18n.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: fallbackLanguage,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  applyDocumentLanguage(language);
  sessionStore.subscribe(() => {
    const next = sessionStore.getState().language;
    if (i18n.language !== next) void i18n.changeLanguage(next);
    applyDocumentLanguage(next);
  });
  return i18n;
}
