/**
 * Browser security headers (helmet): a CSP the built app satisfies, no framing, no sniffing. The one
 * exception is the public point widget (/public/dashboard/{slug}/widget/{pointId}), made to be put in
 * other sites' iframes: any site may frame that page, and only that page.
 */
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  /** HSTS only makes sense (and is only honoured) when users reach Aforo over https. */
  publicUrl?: string;
  /** MAP_TILE_URL: its origin may serve images (the map's tiles). */
  mapTileUrl?: string | null;
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

/** The embeddable widget page of the public dashboard (any query string allowed). */
export const embeddablePath = /^\/public\/dashboard\/[^/?#]+\/widget\/[^/?#]+\/?(?:\?.*)?$/;

/** The origin of a tile URL template, with {s} subdomains as a wildcard (CSP host sources allow `*.`). */
export function tileOrigins(template: string | null | undefined): string[] {
  if (!template) return [];
  const match = /^(https?):\/\/([^/]+)/.exec(template);
  if (!match) return [];
  const host = match[2]!.replace(/^\{s\}\./, '*.').replace(/[{}]/g, '');
  return [`${match[1]}://${host}`];
}

export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeaderOptions,
): Promise<void> {
  const isHttps = options.publicUrl?.startsWith('https://') ?? false;
  const directives = {
    ...contentSecurityPolicy,
    imgSrc: [...contentSecurityPolicy.imgSrc, ...tileOrigins(options.mapTileUrl)],
  };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // the API is read cross-origin by nothing, and COEP would block map tiles from another host
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return payload;
    if (!embeddablePath.test(request.url)) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string')
      reply.header('content-security-policy', csp.replace("frame-ancestors 'none'", 'frame-ancestors *'));
    reply.removeHeader('x-frame-options');
    return payload;
  });
}
