/**
 * The tokens' texts (web/src/locales/{es,en}/apiTokens.json) join the catalogues when the page loads
 * rather than with the app, as the reports' do: the first load stays within its budget
 * (web/scripts/check-bundle.mjs). web/src/locales/catalogues.test.ts checks them with the others.
 */
import en from '../../locales/en/apiTokens.json';
import es from '../../locales/es/apiTokens.json';
import { i18n } from '../../lib/i18n';

/** Adds the texts under `apiTokens.` in both languages (once; the page module calls it as it loads). */
export function registerApiTokenTexts(): void {
  if (i18n.exists('apiTokens.title')) return;
  i18n.addResourceBundle('es', 'translation', { apiTokens: es }, true, true);
  i18n.addResourceBundle('en', 'translation', { apiTokens: en }, true, true);
}
