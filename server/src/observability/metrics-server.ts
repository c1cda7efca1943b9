/**
 * METRICS_PORT: a small HTTP listener that serves only GET /metrics, under the same rule as the API's
 * (metrics-access.ts) — for the ingest and jobs processes, which have no HTTP server, or to keep
 * scrapes off the public port. Everything else answers 404.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorMessage, type ErrorCode } from '@aforo/contracts/errors';
import { languageFromLocale } from '@aforo/contracts/constants';
import { mayReadMetrics, type MetricsAccess } from './metrics-access';
import { collectProcessMetrics, metricsText } from './metrics';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

function refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, code: ErrorCode) {
  const lang = languageFromLocale(req.headers['accept-language']?.split(',')[0]);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    ...(status === 401 ? { 'www-authenticate': 'Bearer realm="metrics"' } : {}),
  });
  res.end(JSON.stringify({ code, message: errorMessage(code, lang) }));
}

export async function startMetricsServer(options: {
  port: number;
  host: string;
  access: MetricsAccess;
}): Promise<MetricsServer> {
  collectProcessMetrics();
  const server = http.createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD'))
      return refuse(req, res, 404, 'N1000');
    if (!mayReadMetrics(options.access, { peer: req.socket.remoteAddress, headers: req.headers }))
      return refuse(req, res, 401, 'OP1000');
    metricsText().then(
      ({ contentType, text }) => {
        res.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      () => refuse(req, res, 500, 'E1000'),
    );
  });
  // a scraper keeps its connection; closing must not wait for it
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
