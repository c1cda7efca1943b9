/** Errors of companies, their billing plans and countries. */
import type { ErrorEntry } from './entry';

export const companyErrors = {
  // ── Companies ──────────────────────────────────────────────────────────────────────────────────
  CO1001: {
    status: 409,
    en: 'A company with this business name already exists.',
    es: 'Ya existe una empresa con esta razón social.',
  },
  CO1002: {
    status: 409,
    en: 'The company cannot be deleted because it has users.',
    es: 'No se puede eliminar la empresa porque tiene usuarios asociados.',
  },
  CO1003: {
    status: 409,
    en: 'The company cannot be deleted because it has devices.',
    es: 'No se puede eliminar la empresa porque tiene equipos asociados.',
  },
  CO1004: {
    status: 409,
    en: 'The company cannot be deleted because it has measurement points.',
    es: 'No se puede eliminar la empresa porque tiene puntos de medición asociados.',
  },
  CO1005: {
    status: 400,
    en: 'The preferred time zone of the company is invalid.',
    es: 'La zona horaria preferida de la empresa no es válida.',
  },
  CO1006: { status: 409, en: 'The company could not be restored.', es: 'No se pudo restaurar la empresa.' },

  // ── Billing plans ──────────────────────────────────────────────────────────────────────────────
  BP1000: {
    status: 404,
    en: 'The billing plan was not found.',
    es: 'No se encontró el plan de facturación.',
  },
  BP0001: {
    status: 409,
    en: 'The billing plan cannot be deleted because it has companies.',
    es: 'No se puede eliminar el plan de facturación porque tiene empresas asociadas.',
  },

  // ── Countries ──────────────────────────────────────────────────────────────────────────────────
  CU1000: { status: 404, en: 'The country was not found.', es: 'No se encontró el país.' },
  CU1001: {
    status: 409,
    en: 'A country with this name already exists.',
    es: 'Ya existe un país con este nombre.',
  },
  CU1002: {
    status: 409,
    en: 'The country cannot be deleted because it has companies.',
    es: 'No se puede eliminar el país porque tiene empresas asociadas.',
  },
  CU1003: {
    status: 409,
    en: 'A country with this ISO code already exists.',
    es: 'Ya existe un país con este código ISO.',
  },
  CU1004: {
    status: 400,
    en: 'The ISO code of the country is invalid.',
    es: 'El código ISO del país no es válido.',
  },
  CU1005: {
    status: 400,
    en: 'The time zone of the country is invalid.',
    es: 'La zona horaria del país no es válida.',
  },
  CU1006: { status: 409, en: 'The country could not be restored.', es: 'No se pudo restaurar el país.' },

  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  CO1000: { status: 404, en: 'The company was not found.', es: 'No se encontró la empresa.' },
  CO1007: {
    status: 409,
    en: 'Another company already uses this public dashboard address.',
    es: 'Otra empresa ya usa esta dirección de panel público.',
  },
  PD1000: {
    status: 404,
    en: 'The public dashboard or point was not found.',
    es: 'No se encontró el panel público o el punto.',
  },
  BP1001: {
    status: 409,
    en: 'A billing plan with this name already exists.',
    es: 'Ya existe un plan de facturación con este nombre.',
  },
} as const satisfies Record<string, ErrorEntry>;
