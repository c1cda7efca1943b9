/** Errors of the month close, its revisions and the agreed exclusions (docs/REPORTS.md). Aforo's own codes. */
import type { ErrorEntry } from './entry';

export const reportErrors = {
  // ── Aforo's own codes (not among the product's named codes: docs/VALIDATION.md) ────────────────
  RP1000: { status: 404, en: 'The closed month was not found.', es: 'No se encontró el mes cerrado.' },
  RP1001: {
    status: 409,
    en: 'This month is already closed for the company.',
    es: 'Este mes ya está cerrado para la empresa.',
  },
  RP1002: {
    status: 409,
    en: 'A month can only be closed once it has ended in the company’s time zone.',
    es: 'Un mes solo puede cerrarse cuando ha terminado en la zona horaria de la empresa.',
  },
  RP1003: { status: 404, en: 'The revision was not found.', es: 'No se encontró la revisión.' },
  RP1004: {
    status: 404,
    en: 'The exclusion or note was not found.',
    es: 'No se encontró la exclusión o la nota.',
  },
  RP1005: {
    status: 400,
    en: 'An exclusion covers at most one year of past days.',
    es: 'Una exclusión abarca como mucho un año de días ya pasados.',
  },
  RP1006: {
    status: 409,
    en: 'The exclusion has been withdrawn.',
    es: 'La exclusión ha sido retirada.',
  },
  RP1007: {
    status: 400,
    en: 'A recipient is not a user of the company nor provider staff.',
    es: 'Un destinatario no es usuario de la empresa ni personal del proveedor.',
  },
} as const satisfies Record<string, ErrorEntry>;
