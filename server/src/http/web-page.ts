/**
 * The public dashboard's page and its API share their address (docs/PUBLIC-DASHBOARD.md: /public/dashboard/{slug}
 * is both), so the request tells them apart: a browser opening the page asks for HTML, the page's
 * own calls ask for JSON (or anything).
 */
import type { FastifyRequest } from 'fastify';

const publicPagePrefix = '/public/dashboard/';

/** A browser navigation to a public dashboard page (or its widget), answered with the web app. */
export function isPublicPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!request.url.startsWith(publicPagePrefix)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}
