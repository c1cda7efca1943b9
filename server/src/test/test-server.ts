/** A real app on a real database copy, driven through fastify.inject (no socket). */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { TokenService } from '../auth/jwt';
import type { Database } from '../db/client';
import { buildApp, type AppOptions } from '../app';
import { testDemoPassword } from './database-names';
import { openTestDatabase } from './test-database';

export const demoPassword = testDemoPassword;
export const testSecret = 'test-secret-that-is-long-enough-for-hs256-0123456789';

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  tokens: TokenService;
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /** Signs in through the real endpoint and returns the token. */
  login(email: string, password?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startTestServer(
  overrides: Partial<AppOptions> = {},
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestServer> {
  const database = await openTestDatabase();
  const tokens = overrides.tokens ?? new TokenService(testSecret);
  // sign-in limits are raised so tests can sign in freely; the limiter has its own test
  const app = await buildApp({
    database,
    tokens,
    logger: false,
    signInLimits: { perAccountAndIp: 10_000, perIp: 10_000, perAccount: 10_000 },
    publicCallsPerMinute: 10_000,
    ...overrides,
  });
  beforeReady?.(app);
  await app.ready();
  const request = (options: InjectOptions) => app.inject(options);
  return {
    app,
    database,
    tokens,
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
      await database.close();
    },
  };
}

export function bearer(token: string, extra: Record<string, string> = {}): Record<string, string> {
  return { authorization: `Bearer ${token}`, ...extra };
}
