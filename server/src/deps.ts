/**
 * The one dependencies object every module's service factory takes (server/src/app.ts builds it).
 * The event bus is required and the transactor is built on it, so no service can drop an event.
 */
import type { MapTiles } from '@aforo/contracts/map';
import type { TokenService } from './auth/jwt';
import type { ApiTokenAuth } from './auth/api-token-auth';
import type { SessionRepository } from './auth/session.repository';
import type { SessionResolver } from './auth/session';
import type { SignInLimits } from './auth/sign-in-throttle';
import type { Database, Db } from './db/client';
import type { ReadRouting } from './db/read-replica';
import type { Transact } from './db/transaction';
import type { EventBus } from './events/event-bus';
import type { Ingestion } from './ingestion/ingestion';
import type { Logger } from './lib/logger';
import type { Mailer } from './mail/mailer';
import type { MetricsAccess } from './observability/metrics-access';
import type { StreamHub } from './streaming/stream-hub';

/** Settings the modules read (parsed once in config/env.ts, passed down by main.ts). */
export interface AppConfig {
  version: string;
  /** Address users reach Aforo at, for links in mails. */
  publicUrl: string;
  /** Notification configs may name webhooks on loopback/private addresses (tests, closed networks). */
  allowPrivateWebhooks: boolean;
  /** Map tiles; no URL: the map draws on a plain background. */
  mapTiles: MapTiles;
  signInLimits?: SignInLimits;
  /** Requests a minute per address on the public account calls. */
  publicCallsPerMinute?: number;
  /** Requests a minute per address on the public dashboard. */
  publicDashboardPerMinute?: number;
  /** Whether this process's external MQTT connection is up, when it ingests from one (GET /health). */
  brokerConnected?: () => boolean;
  /** Who may read GET /metrics (METRICS_TOKEN, METRICS_ALLOW_INTERNAL). */
  metrics: MetricsAccess;
}

export interface Deps {
  database: Database;
  db: Db;
  /**
   * The heavy reads' database (db/read-replica.ts decides): charts and exports read `reads.db`, reports
   * `await reads.caughtUp()`; the read replica when DATABASE_READ_URL is set, otherwise the primary `db`.
   */
  reads: ReadRouting;
  /** Transactions whose afterCommit events reach `events` once COMMIT returns. */
  transact: Transact;
  events: EventBus;
  /** Queues mail in a transaction; the mail worker (jobs role) sends it, so no request waits for SMTP. */
  mailer: Mailer;
  config: AppConfig;
  clock: () => Date;
  log: Logger;
  tokens: TokenService;
  sessions: SessionResolver;
  /** The session look-ups the resolver reads, kept in memory (auth/session-cache.ts). */
  sessionStore: SessionRepository;
  /** The /api/v1 door: API tokens and their monthly quota (auth/api-token-auth.ts). */
  apiTokens: ApiTokenAuth;
  /** The live stream engine: pushes alerts, latest values and notifications to open browsers. */
  streamHub: StreamHub;
  /** Device ingestion, where this process serves POST /ingest/v1/up. */
  ingestion?: Ingestion;
}
