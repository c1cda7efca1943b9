/** Errors of measurement points. */
import type { ErrorEntry } from './entry';

export const pointErrors = {
  // ── Measurement points ─────────────────────────────────────────────────────────────────────────
  POM1000: {
    status: 404,
    en: 'The measurement point was not found.',
    es: 'No se encontró el punto de medición.',
  },
  POM1001: {
    status: 409,
    en: 'A measurement point with this name already exists.',
    es: 'Ya existe un punto de medición con este nombre.',
  },
  POM1002: {
    status: 409,
    en: 'The measurement point cannot be deleted because it has devices.',
    es: 'No se puede eliminar el punto de medición porque tiene equipos asociados.',
  },
  POM1003: {
    status: 400,
    en: 'The coordinates of the measurement point are invalid.',
    es: 'Las coordenadas del punto de medición no son válidas.',
  },
  POM1004: {
    status: 400,
    en: 'The transmission time must be greater than the measure time.',
    es: 'El tiempo de transmisión debe ser mayor que el tiempo de medida.',
  },
  POM1005: {
    status: 400,
    en: 'The number of measures for the average exceeds the allowed limit.',
    es: 'El número de medidas para el promedio supera el límite permitido.',
  },
  POM1006: {
    status: 400,
    en: 'The 4 mA and 20 mA values must be different.',
    es: 'Los valores de 4 mA y 20 mA deben ser distintos.',
  },
  POM1007: {
    status: 400,
    en: 'The parameters are not in a valid JSON format.',
    es: 'Los parámetros no tienen un formato JSON válido.',
  },
  POM1008: {
    status: 400,
    en: 'The warning level must be lower than or equal to the danger level.',
    es: 'El nivel de aviso debe ser menor o igual que el de peligro.',
  },
  POM1009: {
    status: 400,
    en: 'The minimum expected value must be lower than the maximum expected value.',
    es: 'El valor mínimo esperado debe ser menor que el valor máximo esperado.',
  },
  POM1010: {
    status: 400,
    en: 'The unit is not valid for the port type of the measurement point.',
    es: 'La unidad no es válida para el tipo de puerto del punto de medición.',
  },
  POM1011: {
    status: 409,
    en: 'The measurement point could not be restored.',
    es: 'No se pudo restaurar el punto de medición.',
  },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  POM1012: {
    status: 409,
    en: 'The measurement point already has a device installed.',
    es: 'El punto de medición ya tiene un equipo instalado.',
  },
} as const satisfies Record<string, ErrorEntry>;
