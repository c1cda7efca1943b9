/**
 * Generic errors: the fallback, the history and state look-ups, and the codes any route may answer
 * (invalid input, not found, role, limits, database conflicts).
 */
import type { ErrorEntry } from './entry';

export const genericErrors = {
  // ── Generic ────────────────────────────────────────────────────────────────────────────────────
  E1000: {
    status: 500,
    en: 'There was an error processing the request, please try again later.',
    es: 'Se produjo un error al procesar la solicitud; inténtelo de nuevo más tarde.',
  },
  // the database cannot be reached (stopped, restarting, network): nothing was done, try again
  E1001: {
    status: 503,
    en: 'The service is briefly unavailable (its database cannot be reached); nothing was changed, please try again in a moment.',
    es: 'El servicio no está disponible por un momento (no se puede acceder a su base de datos); no se ha cambiado nada, inténtelo de nuevo en unos instantes.',
  },

  // ── Roles, log entries, states ─────────────────────────────────────────────────────────────────
  BC1000: {
    status: 404,
    en: 'The change history entry was not found.',
    es: 'No se encontró el registro del historial de cambios.',
  },
  S1000: { status: 404, en: 'The state was not found.', es: 'No se encontró el estado.' },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  V1000: {
    status: 400,
    en: 'The request contains invalid data.',
    es: 'La solicitud contiene datos no válidos.',
  },
  V1001: {
    status: 409,
    en: 'This item already exists; reload and try again.',
    es: 'Este elemento ya existe; recargue e inténtelo de nuevo.',
  },
  V1002: {
    status: 409,
    en: 'This item is still used by others, or refers to one that no longer exists; reload and try again.',
    es: 'Este elemento aún lo usan otros, o se refiere a uno que ya no existe; recargue e inténtelo de nuevo.',
  },
  N1000: { status: 404, en: 'The resource was not found.', es: 'No se encontró el recurso.' },
  F1000: {
    status: 403,
    en: 'Your role does not allow this action.',
    es: 'Su rol no le permite realizar esta acción.',
  },
  L1000: {
    status: 429,
    en: 'Too many requests, please try again in a minute.',
    es: 'Demasiadas solicitudes; inténtelo de nuevo dentro de un minuto.',
  },
  L1001: {
    status: 413,
    en: 'The request is too large.',
    es: 'La solicitud es demasiado grande.',
  },
  // GET /metrics without METRICS_TOKEN from outside the internal network (docs/OPERATIONS.md)
  OP1000: {
    status: 401,
    en: "Aforo's metrics need the metrics token, or a call made directly from the internal network.",
    es: 'Las métricas de Aforo requieren el token de métricas, o una llamada hecha directamente desde la red interna.',
  },
} as const satisfies Record<string, ErrorEntry>;
