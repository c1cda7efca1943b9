/**
 * The composition root: builds the one dependencies object (server/src/deps.ts) and the HTTP server, and
 * registers every module of modules/index.ts on it. main.ts starts it; tests build it the same way.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pino from 'pino';
import type { MapTiles } from '@aforo/contracts/map';
import type { TokenService } from './auth/jwt';
import { createSessionRepository } from './auth/session.repository';
import { createSessionResolver } from './auth/session';
import { createApiTokenAuth } from './auth/api-token-auth';
import { noticeApiUsage } from './notifying/api-usage-notices';
import { createSessionCache, type SessionCacheOptions } from './auth/session-cache';
import type { SignInLimits } from './auth/sign-in-throttle';
import type { AppConfig, Deps } from './deps';
import type { Database } from './db/client';
import { primaryReads, type ReadRouting } from './db/read-replica';
import { transactor } from './db/transaction';
import { createEventBus, type EventBus } from './events/event-bus';
import { createHttpServer } from './http/server';
import type { Ingestion } from './ingestion/ingestion';
import type { Logger } from './lib/logger';
import { createMailer } from './mail/mailer';
import type { MetricsAccess } from './observability/metrics-access';
import { modules } from './modules/index';
import { createStreamHub } from './streaming/stream-hub';

export interface AppOptions {
  database: Database;
  tokens: TokenService;
  logger?: Logger | boolean;
  /** Built web app (web/dist); served with an SPA fallback when present. */
  webDist?: string;
  signInLimits?: SignInLimits;
  /** Address users reach Aforo at, for links in mails. */
  publicUrl?: string;
  /** Requests a minute per address on the public account calls. */
  publicCallsPerMinute?: number;
  /** Requests a minute per address on the public dashboard (its page, chart and widget calls). */
  publicDashboardPerMinute?: number;
  /** Take the client address from X-Forwarded-For (behind a trusted proxy only). */
  trustProxy?: boolean;
  version?: string;
  /** Device ingestion: serves POST /ingest/v1/up. */
  ingestion?: Ingestion;
  /** WEBHOOK_ALLOW_PRIVATE: notification configs may name webhooks on loopback/private addresses. */
  webhookAllowPrivate?: boolean;
  /** The process's event bus (main.ts shares it with the engines); a bus of this app alone when unset. */
  events?: EventBus;
  /** Map tiles (MAP_TILE_URL); unset: none, the map draws on a plain background. */
  mapTiles?: MapTiles;
  clock?: () => Date;
  /** Calls a minute one API token may make (default contracts apiTokenBurstPerMinute). */
  apiTokenBurstPerMinute?: number;
  /** Sessions kept in memory (auth/session-cache.ts); maxAgeMs 0 reads them on every call. */
  sessionCache?: SessionCacheOptions;
  /** Whether this process's external MQTT connection is up, when it ingests from one (GET /health). */
  brokerConnected?: () => boolean;
  /** Who may read GET /metrics; by default callers straight from loopback/private addresses only. */
  metrics?: MetricsAccess;
  /** Charts, reports and exports on a read replica (DATABASE_READ_URL, db/read-replica.ts); unset: the primary. */
  reads?: ReadRouting;
}

const noTiles: MapTiles = { url: null, attribution: '' };

/** The shared dependencies every module's service is built from. */
export function createDeps(options: AppOptions, log: Logger): Deps {
  const { database, tokens } = options;
  const db = database.db;
  const events = options.events ?? createEventBus({ log });
  const sessionStore = createSessionCache(createSessionRepository(db), events, options.sessionCache);
  const transact = transactor(db, events);
  const clock = options.clock ?? (() => new Date());
  const apiTokens = createApiTokenAuth({
    db,
    events,
    clock,
    burstPerMinute: options.apiTokenBurstPerMinute,
    log: (err) => log.error({ err }, 'API usage not written yet; kept for the next try'),
    // the crossing call's notice, in a transaction of its own: the call never waits for it
    onUsage: (crossed) =>
      void transact((tx) => noticeApiUsage(tx, crossed)).catch((err: unknown) =>
        log.error({ err, tokenId: crossed.tokenId }, 'API usage notice failed'),
      ),
  });
  const config: AppConfig = {
    version: options.version ?? '0.1.0',
    publicUrl: options.publicUrl ?? 'http://localhost:8080',
    allowPrivateWebhooks: options.webhookAllowPrivate ?? false,
    mapTiles: options.mapTiles ?? noTiles,
    signInLimits: options.signInLimits,
    publicCallsPerMinute: options.publicCallsPerMinute,
    publicDashboardPerMinute: options.publicDashboardPerMinute,
    brokerConnected: options.brokerConnected,
    metrics: options.metrics ?? { allowInternal: true },
  };
  return {
    database,
    db,
    reads: options.reads ?? primaryReads(db),
    transact,
    events,
    // queues only: the mail worker of the jobs role sends (mail/mail-worker.ts)
    mailer: createMailer(),
    config,
    clock,
    log,
    tokens,
    sessions: createSessionResolver(tokens, sessionStore),
    sessionStore,
    apiTokens,
    // pushes alerts and the notifications of notification.created (routed in any process)
    streamHub: createStreamHub({ db, events, log }),
    ingestion: options.ingestion,
  };
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const given = typeof options.logger === 'object' ? options.logger : undefined;
  const deps = createDeps(options, given ?? pino({ level: options.logger === true ? 'info' : 'silent' }));
  const app = await createHttpServer({
    logger: (given as FastifyBaseLogger | undefined) ?? options.logger === true,
    webDist: options.webDist,
    publicUrl: deps.config.publicUrl,
    mapTileUrl: deps.config.mapTiles.url,
    trustProxy: options.trustProxy,
    version: deps.config.version,
    sessions: deps.sessions,
    apiTokens: deps.apiTokens,
  });
  // preClose: open streams would otherwise hold the server's close forever
  app.addHook('preClose', () => deps.streamHub.close());
  // the API calls counted in memory reach the database before the process goes
  app.addHook('onClose', () => deps.apiTokens.stop());
  for (const module of modules) {
    const routes = module.routes(deps);
    if (routes) await app.register(routes);
  }
  return app;
}
