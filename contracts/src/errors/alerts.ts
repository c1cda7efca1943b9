/**
 * Errors of alerts, their lifecycle and their notifications (docs/ALERTS.md). All of them are Aforo's
 * own (the spec lists none).
 */
import type { ErrorEntry } from './entry';

export const alertErrors = {
  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  AL1000: { status: 404, en: 'The alert was not found.', es: 'No se encontró la alerta.' },
  AL1001: {
    status: 409,
    en: 'The alert has already been acknowledged.',
    es: 'La alerta ya ha sido reconocida.',
  },
  AL1002: {
    status: 400,
    en: 'An alert can be shelved until a time in the future, at most 30 days ahead.',
    es: 'Una alerta solo puede posponerse hasta un momento futuro, como máximo 30 días después.',
  },
  AL1003: {
    status: 409,
    en: 'The alert has already cleared: there is nothing to shelve.',
    es: 'La alerta ya ha finalizado: no hay nada que posponer.',
  },
  AL1004: {
    status: 400,
    en: 'The webhook address must be on the public internet: local, private and reserved network addresses are not allowed.',
    es: 'La dirección del webhook debe estar en internet: no se permiten direcciones locales, privadas ni reservadas.',
  },
  AL1005: {
    status: 400,
    en: "A client company's notification configuration can only name the company's own roles.",
    es: 'Una configuración de notificaciones de una empresa cliente solo puede indicar los roles de la empresa.',
  },
} as const satisfies Record<string, ErrorEntry>;
