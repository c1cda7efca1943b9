/** Browser security headers (helmet): a CSP the built app satisfies, no framing, no sniffing. */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** HSTS only makes sense (and is only honoured) when users reach Aforo over https. */
  publicUrl?: string;
}

/** The Content-Security-Policy directives, exported so the docs and tests read the same list. */
export const contentSecurityPolicy = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // Mantine writes its CSS variables into a <style> tag and components use style attributes
  styleSrc: ["'self'", "'unsafe-inline'"],
  // favicons and chart exports are data: URLs; map tiles will come from MAP_TILE_URL's host
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
  // upgrade-insecure-requests would break plain-http installs (the embedded default)
  upgradeInsecureRequests: null,
};

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const isHttps = options.publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // the API is read cross-origin by nothing, and COEP would block map tiles from another host
    crossOriginEmbedderPolicy: false,
  });
}
