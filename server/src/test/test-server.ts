/** A real app on a real database copy, driven through fastify.inject (no socket). */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { TokenService } from '../auth/jwt';
import type { Database } from '../db/client';
import { createEventBus } from '../events/event-bus';
import { buildApp, type AppOptions } from '../app';
import { createIngestion } from '../ingestion/ingestion';
import { createMailWorker, type MailWorker } from '../mail/mail-worker';
import { testDemoPassword } from './database-names';
import { openTestDatabase } from './test-database';

export const demoPassword = testDemoPassword;
export const testSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  /** The mail worker, when asked for (`smtpUrl` or `mailWorker`). */
  mailWorker?: MailWorker;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in through the real endpoint and returns the token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions extends Partial<AppOptions> {
  /** Runs the mail worker (as the jobs role does) on the app's event bus, sending to this SMTP server. */
  smtpUrl?: string;
  /** Runs the mail worker without SMTP (mails logged and kept); implied by `smtpUrl`. */
  mailWorker?: boolean;
  /** The mail worker's poll (default 5 s; 'mail.queued' kicks it anyway). */
  mailPollMs?: number;
  /** Serves POST /ingest/v1/up with an ingestion accepting measures this many days old (BACKFILL_DAYS). */
  ingestBackfillDays?: number;
}

export async function startTestServer(
  options: TestServerOptions = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const { smtpUrl, mailWorker: withMailWorker, mailPollMs, ingestBackfillDays, ...overrides } = options;
  const database = await openTestDatabase();
  const tokens = overrides.tokens ?? new TokenService(testSecret);
  const log = typeof overrides.logger === 'object' ? overrides.logger : pino({ level: 'silent' });
  const events = overrides.events ?? createEventBus({ log });
  const ingestion =
    ingestBackfillDays === undefined
      ? undefined
      : createIngestion({ database, events, log, topicPrefix: 'aforo/v1', backfillDays: ingestBackfillDays });
  // sign-in limits are raised so tests can sign in freely; the limiter has its own test
  const app = await buildApp({
    database,
    tokens,
    logger: false,
    signInLimits: { perAccountAndIp: 10_000, perIp: 10_000, perAccount: 10_000 },
    publicCallsPerMinute: 10_000,
    ingestion,
    ...overrides,
    events,
  });
  const mailWorker =
    smtpUrl !== undefined || withMailWorker
      ? createMailWorker({ db: database.db, events, log, smtpUrl, pollMs: mailPollMs })
      : undefined;
  mailWorker?.start();
  beforeReady?.(app);
  await app.ready();
  const request = (options: InjectOptions) => app.inject(options);
  return {
    app,
    database,
    tokens,
    mailWorker,
    request,
    async login(email, password = demoPassword) {
      const res = await request({
        method: 'POST',
        url: '/api/login_check',
        payload: { username: email, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await ingestion?.close();
      await mailWorker?.close();
      await database.close();
    },
  };
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}
