import type { FastifyRequest } from 'fastify';
import { languageFromLocale, type Language } from '@aforo/contracts/constants';

/** The first language tag of Accept-Language decides; Spanish when absent or unsupported. */
export function languageOf(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0];
  return languageFromLocale(first);
}
