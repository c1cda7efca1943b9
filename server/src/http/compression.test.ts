/** Issue 25: large answers are compressed for clients that accept it; small ones and pages are not. */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyIdByName } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { compressAbove } from './compression';

let server: TestServer;
let headers: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer();
  const norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
  headers = bearer(await server.login('admin@demo.aforo.dev'), { 'x-current-company': norte });
});
afterAll(() => server.close());

const get = (url: string, encoding?: string) =>
  server.request({
    method: 'GET',
    url,
    headers: encoding ? { ...headers, 'accept-encoding': encoding } : headers,
  });

describe('compressed answers', () => {
  it('sends a large JSON answer in brotli or gzip, the same JSON once decoded', async () => {
    const plain = await get('/api/points?length=-1');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(compressAbove);

    const br = await get('/api/points?length=-1', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    const decoded = brotliDecompressSync(br.rawPayload);
    expect(JSON.parse(decoded.toString())).toEqual(plain.json());
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

    const gz = await get('/api/points?length=-1', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a small answer as it is', async () => {
    const res = await get('/api/points?length=1', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(compressAbove);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
