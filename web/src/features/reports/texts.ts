/**
 * The reports' texts (web/src/locales/{es,en}/reports.json) join the catalogues when a report screen
 * loads rather than with the app: the first load stays within its budget (web/scripts/check-bundle.mjs).
 * web/src/locales/catalogues.test.ts checks them with the others.
 */
import en from '../../locales/en/reports.json';
import es from '../../locales/es/reports.json';
import { i18n } from '../../lib/i18n';

let registered = false;

/** Adds the texts under `reports.` in both languages (once; the page modules call it as they load). */
export function registerReportTexts(): void {
  if (registered && i18n.exists('reports.title')) return;
  registered = true;
  i18n.addResourceBundle('es', 'translation', { reports: es }, true, true);
  i18n.addResourceBundle('en', 'translation', { reports: en }, true, true);
}
