/**
 * Error catalogue (docs/VALIDATION.md, docs/API.md): every server error code with its HTTP status and its
 * message in English and Spanish, one file per area under errors/ (each lists Aforo's own codes,
 * not in the spec, after a marked comment). Imports only its parts and types, so that both sides
 * (and tests) can use it freely.
 *
 * Status conventions: "not found" → 404, business-rule conflicts → 409, input problems → 400,
 * 500 only for E1000; 503 for "try again later": E1001 (the database cannot be reached) and IN1002
 * (measures sent over HTTP not stored now).
 */

import type { Language } from './constants';
import { accountErrors } from './errors/accounts';
import { alertErrors } from './errors/alerts';
import { apiTokenErrors } from './errors/api-tokens';
import { catalogueErrors } from './errors/catalogue';
import { companyErrors } from './errors/companies';
import { deviceErrors } from './errors/devices';
import type { ErrorEntry } from './errors/entry';
import { genericErrors } from './errors/generic';
import { pointErrors } from './errors/points';
import { reportErrors } from './errors/reports';
import { telemetryErrors } from './errors/telemetry';

export type { ErrorEntry } from './errors/entry';
export { fieldMessage, fieldMessages, type FieldMessageKey } from './errors/fields';

/** The areas the catalogue is assembled from; a code lives in exactly one (errors.test.ts checks). */
export const errorAreas = {
  generic: genericErrors,
  accounts: accountErrors,
  companies: companyErrors,
  catalogue: catalogueErrors,
  devices: deviceErrors,
  points: pointErrors,
  telemetry: telemetryErrors,
  alerts: alertErrors,
  reports: reportErrors,
  apiTokens: apiTokenErrors,
};

export const errorCatalog = {
  ...genericErrors,
  ...accountErrors,
  ...companyErrors,
  ...catalogueErrors,
  ...deviceErrors,
  ...pointErrors,
  ...telemetryErrors,
  ...alertErrors,
  ...reportErrors,
  ...apiTokenErrors,
} as const satisfies Record<string, ErrorEntry>;

export type ErrorCode = keyof typeof errorCatalog;

export const errorCodes = Object.keys(errorCatalog) as ErrorCode[];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(errorCatalog, code);
}

/** The message of a code in the given language (English when a Spanish text is somehow missing). */
export function errorMessage(code: ErrorCode, lang: Language): string {
  const entry: ErrorEntry = errorCatalog[code];
  return entry[lang] || entry.en;
}
