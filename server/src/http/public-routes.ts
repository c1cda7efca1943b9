/**
 * Routes reachable without a session. Everything under /api is authenticated unless listed here;
 * outside /api live the web app's files, /public (public calls), /health and /ingest (device auth).
 * A test walks the router and fails on any /api route that is neither listed nor given an access group.
 */
export const publicApiRoutes: readonly string[] = [
  'POST /api/login_check',
  'GET /api/openapi.json',
  'GET /api/docs',
  'GET /api/docs/*',
];

export function isPublicRoute(method: string, url: string | undefined): boolean {
  if (url === undefined) return true; // not-found handler: answers 404 / the web app, never data
  if (!url.startsWith('/api/') && url !== '/api') return true;
  return publicApiRoutes.some((r) => {
    const [m, pattern] = r.split(' ') as [string, string];
    if (m !== method && !(m === 'GET' && method === 'HEAD')) return false;
    return pattern.endsWith('*') ? url.startsWith(pattern.slice(0, -1)) : url === pattern;
  });
}
