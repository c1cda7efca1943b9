/**
 * The project's fuzz test (issue 9): every operation of the OpenAPI document, as a provider ADMIN and
 * as a client company's admin, fed requests whose path, query, body and headers are plausible or bad
 * (test/fuzz-arbitraries.ts). No answer may be a 5xx, and every 4xx carries the error body
 * {code, message}. bad-input.test.ts keeps its fixed walk of the router (every route, fixed bad bodies).
 *
 * FUZZ_RUNS (requests per role, default 2000) and FUZZ_SEED (default fixed, so a failure reproduces)
 * size the run; a failure prints both and every failing request.
 *
 * Side effects stay harmless: the file has its own database copy; the signed-in users, their
 * companies and the provider company are kept out of the ids the fuzz picks from, so it never
 * disables, deletes or re-passwords the accounts it signs in with; a session it ends anyway is
 * renewed by signing in again.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdByName, userIdByEmail } from '../test/factories';
import {
  operationsOf,
  requestOf,
  type FuzzRequest,
  type IdPool,
  type Operation,
} from '../test/fuzz-arbitraries';
import { bearer, startTestServer, type TestServer } from '../test/test-server';

const runs = Number(process.env.FUZZ_RUNS ?? 2000);
const seed = Number(process.env.FUZZ_SEED ?? 20_260_924);
const roles = ['admin@demo.aforo.dev', 'admin-cliente.norte@demo.aforo.dev'] as const;

// tables whose ids the fuzz puts in paths, queries and bodies (a few of each)
const tables = [
  'users',
  'companies',
  'countries',
  'billing_plans',
  'brands',
  'models',
  'products',
  'firmwares',
  'networks',
  'devices',
  'component_types',
  'components',
  'measurement_points',
  'layers',
  'failed_measures',
  'mail_outbox',
];

let server: TestServer;
let operations: Operation[];
const ids: IdPool = {};

beforeAll(async () => {
  server = await startTestServer();
  const document = await server.request({ method: 'GET', url: '/api/openapi.json' });
  // /api/stream never ends while the client stays (its headers are tested in modules/stream)
  operations = operationsOf(document.json()).filter((o) => o.path !== '/api/stream');
  const db = server.database.db;
  const kept = [
    ...(await Promise.all(roles.map((email) => userIdByEmail(db, email)))),
    await companyIdByName(db, 'Canal del Norte S.A.'),
    ...(
      (await db.execute(sql`select id::text as id from companies where is_provider`)) as unknown as {
        rows: Array<{ id: string }>;
      }
    ).rows.map((r) => r.id),
  ];
  for (const table of tables) {
    const result = (await db.execute(
      sql`select id::text as id from ${sql.identifier(table)} order by id limit 6`,
    )) as unknown as { rows: Array<{ id: string }> };
    ids[table] = result.rows.map((r) => r.id).filter((id) => !kept.includes(id));
  }
});
afterAll(() => server.close());

interface Outcome {
  failures: string[];
  statuses: Record<number, number>;
}

/** Runs the requests in order as the role, signing in again when a request ended the session. */
async function run(email: string, requests: FuzzRequest[]): Promise<Outcome> {
  let token = await server.login(email);
  const outcome: Outcome = { failures: [], statuses: {} };
  for (const request of requests) {
    const res = await server
      .request({
        method: request.method as 'GET',
        url: request.url,
        headers: { ...bearer(token), ...request.headers },
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      })
      .catch((err: unknown) => err as Error);
    if (res instanceof Error) {
      // e.g. a stream that failed after its status was sent
      outcome.failures.push(`${request.method} ${request.url} → no answer: ${res.message}`);
      continue;
    }
    outcome.statuses[res.statusCode] = (outcome.statuses[res.statusCode] ?? 0) + 1;
    const label = () =>
      `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${(request.payload ?? '').slice(0, 300)}` +
      ` → ${res.statusCode} ${res.body.slice(0, 200)}`;
    if (res.statusCode >= 500) outcome.failures.push(label());
    else if (res.statusCode >= 400 && request.method !== 'HEAD') {
      let body: { code?: unknown; message?: unknown } = {};
      try {
        body = res.json();
      } catch {
        // not JSON: reported below
      }
      if (typeof body.code !== 'string' || typeof body.message !== 'string')
        outcome.failures.push(`${label()} (not the error body)`);
    }
    if (res.statusCode === 401) {
      const check = await server.request({
        method: 'GET',
        url: '/api/users/info/logged',
        headers: bearer(token),
      });
      if (check.statusCode === 401) token = await server.login(email);
    }
  }
  return outcome;
}

describe('fuzz: every operation of the OpenAPI document', () => {
  it('knows the operations', () => {
    expect(operations.length).toBeGreaterThan(100);
    expect(Object.values(ids).flat().length).toBeGreaterThan(40);
  });

  roles.forEach((email, index) => {
    it(`never answers 5xx, and every 4xx is {code, message}: ${email}`, { timeout: 600_000 }, async () => {
      const started = Date.now();
      const arbitrary = fc.oneof(...operations.map((op) => requestOf(op, ids)));
      const requests = fc.sample(arbitrary, { seed: seed + index, numRuns: runs });
      const { failures, statuses } = await run(email, requests);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.info(
        `fuzz ${email}: seed ${seed + index}, ${runs} requests in ${seconds} s, statuses ${JSON.stringify(statuses)}`,
      );
      expect(
        failures,
        `fuzz failures as ${email}: reproduce with FUZZ_SEED=${seed} FUZZ_RUNS=${runs}\n${failures.join('\n')}`,
      ).toEqual([]);
    });
  });
});
