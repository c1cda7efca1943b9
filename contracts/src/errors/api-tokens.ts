/** Errors of API tokens and of the external API under /api/v1 (docs/API.md "API tokens"). Aforo's own codes. */
import type { ErrorEntry } from './entry';

export const apiTokenErrors = {
  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  TK1000: { status: 404, en: 'The API token was not found.', es: 'No se encontró el token de API.' },
  TK1001: {
    status: 409,
    en: 'Another token of the company already has this alias.',
    es: 'Otro token de la empresa ya tiene este alias.',
  },
  TK1002: {
    status: 400,
    en: "A token's monthly limit cannot exceed the company's billing plan.",
    es: 'El límite mensual de un token no puede superar el del plan de facturación de la empresa.',
  },
  TK1003: {
    status: 409,
    en: 'The token is revoked and can no longer be changed.',
    es: 'El token está revocado y ya no se puede modificar.',
  },
  TK1004: {
    status: 400,
    en: 'The validity date cannot be in the past.',
    es: 'La fecha de validez no puede ser anterior a hoy.',
  },
  TK1010: {
    status: 401,
    en: 'The API token is missing or not valid.',
    es: 'Falta el token de API o no es válido.',
  },
  TK1011: { status: 401, en: 'The API token has expired.', es: 'El token de API ha caducado.' },
  TK1012: { status: 401, en: 'The API token has been revoked.', es: 'El token de API ha sido revocado.' },
  TK1013: {
    status: 429,
    en: "The token has used this month's calls. The count starts again on the first day of next month (UTC).",
    es: 'El token ha agotado las llamadas de este mes. El contador se reinicia el primer día del mes siguiente (UTC).',
  },
  TK1014: {
    status: 429,
    en: 'Too many calls in a minute with this token. Wait a moment and try again.',
    es: 'Demasiadas llamadas en un minuto con este token. Espere un momento e inténtelo de nuevo.',
  },
} as const satisfies Record<string, ErrorEntry>;
