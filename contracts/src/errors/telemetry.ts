/** Errors of measures and their date ranges, and of device ingestion over HTTP. */
import type { ErrorEntry } from './entry';

export const telemetryErrors = {
  // ── Date ranges ────────────────────────────────────────────────────────────────────────────────
  DR1000: {
    status: 400,
    en: 'The date range cannot be longer than one year.',
    es: 'El rango de fechas no puede ser superior a un año.',
  },
  DR1001: {
    status: 400,
    en: 'The level summary date range cannot be longer than two months.',
    es: 'El rango de fechas del resumen de niveles no puede ser superior a dos meses.',
  },
  DR1002: {
    status: 409,
    en: 'The user has no company assigned.',
    es: 'El usuario no tiene ninguna empresa asignada.',
  },

  // ── Measures ───────────────────────────────────────────────────────────────────────────────────
  ME1000: { status: 404, en: 'The measure was not found.', es: 'No se encontró la medida.' },
  ME1001: {
    status: 400,
    en: 'The start date must be earlier than the end date.',
    es: 'La fecha de inicio debe ser anterior a la fecha de fin.',
  },
  ME1002: {
    status: 400,
    en: 'Select at least one measurement point or device to query measures.',
    es: 'Seleccione al menos un punto de medición o un equipo para consultar las medidas.',
  },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  DR1003: {
    status: 400,
    en: 'The chart date range cannot be longer than five years.',
    es: 'El rango de fechas del gráfico no puede ser superior a cinco años.',
  },
  IN1000: {
    status: 401,
    en: 'Device authentication failed: send Authorization: Device <serial>:<key>.',
    es: 'Falló la autenticación del equipo: envíe Authorization: Device <serie>:<clave>.',
  },
  IN1001: {
    status: 400,
    en: 'The message was refused and recorded as a failed measure (see reason).',
    es: 'El mensaje fue rechazado y registrado como medida fallida (vea el motivo).',
  },
  IN1002: {
    status: 503,
    en: 'The measures could not be stored now; send them again later.',
    es: 'No se pudieron guardar las medidas ahora; envíelas de nuevo más tarde.',
  },
} as const satisfies Record<string, ErrorEntry>;
