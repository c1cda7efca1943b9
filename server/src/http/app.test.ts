import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
const webDist = mkdtempSync(path.join(os.tmpdir(), 'aforo-web-'));
beforeAll(async () => {
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Aforo</title><div id="root"></div>');
  writeFileSync(path.join(webDist, 'assets', 'app.js'), 'console.log(1)');
  server = await startTestServer({ webDist }, (app) => {
    // a write that loses a race to the same unique key, with the driver's real error
    app.post('/api/test-duplicate', { config: { access: 'signedIn' } }, async () => {
      const { countries } = await import('../db/schema');
      await server.database.db.insert(countries).values({ name: 'España', code: 'ES' });
      return {};
    });
    // a delete of a row others still refer to, which no service check caught
    app.post('/api/test-in-use', { config: { access: 'signedIn' } }, async () => {
      const { sql } = await import('drizzle-orm');
      await server.database.db.execute(
        sql`delete from countries where id in (select country_id from companies)`,
      );
      return {};
    });
  });
});
afterAll(() => server.close());

describe('operations endpoints', () => {
  it('GET /health reports the database', async () => {
    const res = await server.request({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: 'up' });
  });

  it('GET /health answers 503 when the database is gone', async () => {
    const { buildApp } = await import('../app');
    const app = await buildApp({
      database: { ...server.database, ping: async () => false },
      tokens: server.tokens,
      logger: false,
    });
    const res = await app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'error', database: 'down' });
    await app.close();
  });

  it('answers 503 E1001 with Retry-After, never 500, when the database refuses connections', async () => {
    const { buildApp } = await import('../app');
    const { openDatabase } = await import('../db/client');
    const { freePort } = await import('../test/pg-cluster');
    // a real driver against a port where nothing listens: the error a stopped PostgreSQL gives
    const away = await openDatabase({ url: `postgres://postgres@127.0.0.1:${await freePort()}/aforo`, poolSize: 1 });
    const app = await buildApp({ database: away, tokens: server.tokens, logger: false });
    for (const language of ['es', 'en'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login_check',
        headers: { 'accept-language': language },
        payload: { username: 'admin@demo.aforo.dev', password: 'whatever-password' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        code: 'E1001',
        message:
          language === 'es'
            ? 'El servicio no está disponible por un momento (no se puede acceder a su base de datos); no se ha cambiado nada, inténtelo de nuevo en unos instantes.'
            : 'The service is briefly unavailable (its database cannot be reached); nothing was changed, please try again in a moment.',
      });
    }
    const health = await app.inject({ method: 'GET', url: '/health' });
    expect([health.statusCode, health.json().database]).toEqual([503, 'down']);
    await app.close();
    await away.close();
  });

  it('GET /health names a part that is down while the node still serves (degraded, 200)', async () => {
    const { buildApp } = await import('../app');
    let brokerUp = false;
    const app = await buildApp({
      database: server.database,
      tokens: server.tokens,
      logger: false,
      brokerConnected: () => brokerUp,
    });
    const down = await app.inject({ method: 'GET', url: '/health' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ status: 'degraded', database: 'up', broker: 'down' });
    brokerUp = true;
    expect((await app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({
      status: 'ok',
      broker: 'up',
    });
    await app.close();
  });

  it('serves the OpenAPI document with the spec paths, and its viewer', async () => {
    const doc = (await server.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const p of [
      '/api/login_check',
      '/api/users/info/logged',
      '/api/users/{id}/update/password',
      '/api/users/current-company',
      '/api/roles',
      '/api/users/refreshtoken',
    ]) {
      expect(Object.keys(doc.paths)).toContain(p);
    }
    // the external API (docs/API.md): its token scheme and an example answer per collection
    expect(doc.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const things = doc.paths['/api/v1/points'].get;
    expect(things.security).toEqual([{ apiToken: [] }]);
    expect(JSON.stringify(things.responses['200'])).toContain('Río Ebro en Castejón');
    expect(JSON.stringify(doc.paths['/api/v1/points/{id}/observations'].get.responses['200'])).toContain('qartodFlag');
    const ui = await server.request({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('database conflicts', () => {
  it('answers a unique-key violation with 409 V1001, never 500', async () => {
    const token = await server.login('admin@demo.aforo.dev');
    const res = await server.request({
      method: 'POST',
      url: '/api/test-duplicate',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('V1001');
  });

  it('answers a foreign-key violation with 409 V1002, never 500', async () => {
    const token = await server.login('admin@demo.aforo.dev');
    const res = await server.request({
      method: 'POST',
      url: '/api/test-in-use',
      headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'V1002', message: expect.stringMatching(/still used by others/) });
  });
});

describe('not found and the web app', () => {
  it('answers an unknown /api path with 404 in the error format', async () => {
    const res = await server.request({
      method: 'GET',
      url: '/api/nothing-here',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'N1000', message: expect.any(String) });
  });

  it('serves the web app for its routes and its assets as files', async () => {
    const page = await server.request({ method: 'GET', url: '/app/monitoring' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<div id="root">');
    const asset = await server.request({ method: 'GET', url: '/assets/app.js' });
    expect(asset.headers['content-type']).toMatch(/javascript/);
  });

  it('never answers 500 with a stack to a client', async () => {
    const res = await server.request({ method: 'DELETE', url: '/api/login_check' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/at .*\.ts/);
  });
});
