/**
 * The HTTP transport: Fastify with the zod compilers, the error mapping, security headers, the
 * OpenAPI document, authentication on every route, the web app and the not-found answer. It knows
 * no module: the composition root (server/src/app.ts) registers them on what this returns.
 */
import { existsSync } from 'node:fs';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { errorMessage } from '@aforo/contracts/errors';
import type { SessionResolver } from '../auth/session';
import { registerAuthHook } from './auth-hook';
import { handleError } from './errors';
import { languageOf } from './language';
import type { ApiTokenAuth } from '../auth/api-token-auth';
import { registerCompression } from './compression';
import { registerHttpMetrics } from './metrics-hook';
import { registerSecurityHeaders } from './security-headers';
import { isPublicPageRequest } from './web-page';

export interface HttpServerOptions {
  logger?: FastifyBaseLogger | boolean;
  /** Built web app (web/dist); served with an SPA fallback when present. */
  webDist?: string;
  publicUrl?: string;
  /** Map tile server, allowed by the content security policy. */
  mapTileUrl?: string | null;
  /** Take the client address from X-Forwarded-For (behind a trusted proxy only). */
  trustProxy?: boolean;
  version: string;
  /** Turns a bearer token into the request context (auth/session.ts). */
  sessions: SessionResolver;
  /** The /api/v1 door: API tokens and their quota (auth/api-token-auth.ts). */
  apiTokens?: ApiTokenAuth;
}

export async function createHttpServer(options: HttpServerOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: typeof options.logger === 'object' ? options.logger : undefined,
    logger: typeof options.logger === 'boolean' ? options.logger : undefined,
    bodyLimit: 1024 * 1024,
    trustProxy: options.trustProxy ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(handleError);
  // every answer's latency by route pattern, for GET /metrics (docs/OPERATIONS.md)
  registerHttpMetrics(app);
  await registerSecurityHeaders(app, {
    publicUrl: options.publicUrl,
    mapTileUrl: options.mapTileUrl ?? undefined,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Aforo API',
        version: options.version,
        description: 'Monitoring of field devices and measurement points',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // /api/v1: a company's API token (afo_…), docs/API.md "API tokens"
          apiToken: { type: 'http', scheme: 'bearer', bearerFormat: 'afo_… API token' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // before any route: the hook sees every route registered afterwards (deny by default)
  app.decorate('accessTable', registerAuthHook(app, options.sessions, options.apiTokens));
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  const hasWeb = options.webDist !== undefined && existsSync(options.webDist);
  // wildcard: files are looked up per request, so a rebuilt web app is served without a restart
  if (hasWeb) await app.register(fastifyStatic, { root: options.webDist!, wildcard: true });

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    const isPage = isPublicPageRequest(request);
    const isApi =
      url.startsWith('/api') || (url.startsWith('/public/') && !isPage) || url.startsWith('/ingest');
    // the same address answers JSON or the page: shared caches must keep them apart
    if (isPage) reply.header('vary', 'accept');
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // the web app's own router shows its not-found page for unknown paths
      return reply.type('text/html').sendFile('index.html');
    }
    const lang = languageOf(request);
    return reply.status(404).send({ code: 'N1000', message: errorMessage('N1000', lang) });
  });
  // last: only the routes registered afterwards (the modules) are compressed
  await registerCompression(app);
  return app;
}
