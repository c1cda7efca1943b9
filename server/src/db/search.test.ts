/** Issue 9 item 11: `%` and `_` in a search are the characters themselves, not LIKE wildcards. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brands } from './schema';
import { buildCatalogue } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { escapeLike } from './search';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await server.login('admin@demo.aforo.dev');
  await server.database.db
    .insert(brands)
    .values([
      { abbreviation: 'Q50%' },
      { abbreviation: 'Q500' },
      { abbreviation: 'Q_X' },
      { abbreviation: 'QAX' },
      { abbreviation: 'Q\\Z' },
    ]);
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  server.request({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
const names = async (search: string) =>
  (await call('GET', `/api/brands?length=-1&search=${encodeURIComponent(search)}`))
    .json<{ rows: { abbreviation: string }[] }>()
    .rows.map((r) => r.abbreviation)
    .sort();

describe('list search', () => {
  it('escapes backslash, percent and underscore', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });

  it('matches % and _ literally', async () => {
    expect(await names('50%')).toEqual(['Q50%']);
    expect(await names('Q_')).toEqual(['Q_X']);
    expect(await names('%')).toEqual(['Q50%']);
    expect(await names('\\')).toEqual(['Q\\Z']);
    expect(await names('q5')).toEqual(['Q50%', 'Q500']);
  });

  it('a device serial with _ is not taken by one with another character there', async () => {
    const catalogue = await buildCatalogue(server.database.db);
    const device = (serial: string) =>
      call('POST', '/api/devices', { serial, modelId: catalogue.model.id, productId: catalogue.product.id });
    expect((await device('SNAX1')).statusCode).toBe(201);
    const res = await device('SN_X1');
    expect(res.statusCode, res.body).toBe(201);
    expect((await device('sn_x1')).json().code).toBe('SEQ1001');
  });
});
