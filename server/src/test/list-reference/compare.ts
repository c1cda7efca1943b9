/**
 * What the one-query tests of issue 25 share: a test server that keeps the request context of the
 * last call (so the reference read runs for exactly the caller the route saw) and counts the SQL
 * statements the database client is sent.
 */
import type { RequestContext } from '../../core/request-context';
import type { Database } from '../../db/client';
import { bearer, startTestServer, type TestServer, type TestServerOptions } from '../test-server';

type Query = (...args: unknown[]) => unknown;

/**
 * Counts the statements sent through drizzle: both drivers' sessions call `client.query` (the pg
 * pool or the PGlite instance) once per statement, so that is wrapped.
 */
function statementCounter(database: Database) {
  const client = (database.db as unknown as { session: { client: { query: Query } } }).session.client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  return seen;
}

export interface ComparedServer extends TestServer {
  /** The request context of the last call that reached a handler. */
  lastContext(): RequestContext;
  /** GET `url` as `token` in `company`: status and body. */
  get(url: string, token: string, company: string): Promise<{ status: number; body: unknown }>;
  /**
   * The statements one GET runs, sign-in look-ups aside: the same call is made once before (the
   * session cache then holds the caller), then counted.
   */
  statementsOf(url: string, token: string, company: string): Promise<string[]>;
  /** The statements `read` runs (e.g. a reference read, for the count before issue 25). */
  statementsDuring(read: () => Promise<unknown>): Promise<string[]>;
}

export async function startComparedServer(options: TestServerOptions = {}): Promise<ComparedServer> {
  let last: RequestContext | undefined;
  const server = await startTestServer(options, (app) => {
    app.addHook('preHandler', async (request) => {
      const { ctx } = request as { ctx?: RequestContext };
      if (ctx) last = ctx;
    });
  });
  const seen = statementCounter(server.database);
  const get = async (url: string, token: string, company: string) => {
    const res = await server.request({
      method: 'GET',
      url,
      headers: bearer(token, { 'accept-language': 'en', 'x-current-company': company }),
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };
  return {
    ...server,
    lastContext() {
      if (!last) throw new Error('no call reached a handler yet');
      return last;
    },
    get,
    async statementsOf(url, token, company) {
      await get(url, token, company);
      const from = seen.length;
      const res = await get(url, token, company);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return seen.slice(from);
    },
    async statementsDuring(read) {
      const from = seen.length;
      await read();
      return seen.slice(from);
    },
  };
}
