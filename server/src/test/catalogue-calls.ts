/** Route tests of the device catalogue: the demo roles signed in once, calls as one of them, history, devices. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from 'vitest';
import { devices } from '../db/schema';
import { bearer, startTestServer, type TestServer } from './test-server';

export const roleEmails = {
  admin: 'admin@demo.aforo.dev',
  chief: 'chief@demo.aforo.dev',
  viewer: 'viewer@demo.aforo.dev',
  clientAdmin: 'admin-cliente.norte@demo.aforo.dev',
  clientUser: 'user.norte@demo.aforo.dev',
} as const;
export type Who = keyof typeof roleEmails;
export const companyRoles: Who[] = ['clientAdmin', 'clientUser'];

/** A well-formed id that names nothing. */
export const missingId = '00000000-0000-4000-8000-000000000000';

export interface HistoryRow {
  action: string;
  companyId: string | null;
  changes: Record<string, [unknown, unknown]>;
  user: { email: string };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Starts a test server for the file (beforeAll/afterAll) and signs in one user per role. */
export function useCatalogueServer() {
  let server: TestServer | undefined;
  const tokens: Partial<Record<Who, string>> = {};
  beforeAll(async () => {
    server = await startTestServer();
    for (const [who, email] of Object.entries(roleEmails)) tokens[who as Who] = await server.login(email);
  });
  afterAll(() => server?.close());

  const running = () => {
    if (!server) throw new Error('test server not started');
    return server;
  };

  async function call(method: Method, url: string, who: Who, payload?: object, lang = 'en') {
    return running().request({
      method,
      url,
      headers: bearer(tokens[who]!, { 'accept-language': lang }),
      ...(payload ? { payload } : {}),
    });
  }

  return {
    call,
    /** The history of one item, oldest first, as ADMIN reads it. */
    async history(entityType: string, entityId: string): Promise<HistoryRow[]> {
      const res = await call(
        'GET',
        `/api/log-entries?entityType=${entityType}&entityId=${entityId}&dir=ASC`,
        'admin',
      );
      expect(res.statusCode).toBe(200);
      return res.json<{ rows: HistoryRow[] }>().rows;
    },
    /** A device row written straight to the database, holding only the reference a test is about. */
    async insertDevice(values: Partial<typeof devices.$inferInsert> = {}): Promise<string> {
      const [row] = await running()
        .database.db.insert(devices)
        .values({ serial: `TEST-${randomBytes(4).toString('hex')}`, ...values })
        .returning({ id: devices.id });
      return row!.id;
    },
  };
}
