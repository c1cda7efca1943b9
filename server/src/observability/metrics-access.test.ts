/**
 * Who reads GET /metrics (docs/OPERATIONS.md, "Aforo's own metrics"): METRICS_TOKEN from anywhere;
 * without it only a caller connected straight from a loopback or private address — never one a proxy
 * relayed, and never on the strength of an X-Forwarded-For it wrote itself (TRUST_PROXY on).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';
import { isDirectInternalCaller, mayReadMetrics } from './metrics-access';

const token = 'a-metrics-token-of-test-0123456789';

describe('mayReadMetrics', () => {
  const from = (peer: string | undefined, headers: Record<string, string> = {}) => ({ peer, headers });

  it('lets loopback, private and unique-local callers in, in IPv4, IPv6 and mapped form', () => {
    for (const peer of [
      '127.0.0.1',
      '::1',
      '10.1.2.3',
      '172.20.0.5',
      '192.168.1.9',
      'fd00::5',
      '::ffff:10.0.0.7',
    ])
      expect(isDirectInternalCaller(from(peer)), peer).toBe(true);
  });

  it('keeps out public, link-local, shared and unknown addresses', () => {
    for (const peer of ['8.8.8.8', '2001:4860::8888', '169.254.169.254', '100.64.0.1', '::ffff:8.8.8.8'])
      expect(isDirectInternalCaller(from(peer)), peer).toBe(false);
    expect(isDirectInternalCaller(from(undefined))).toBe(false);
  });

  it('takes a relayed request for an outside one, whatever the proxy address', () => {
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip'])
      expect(isDirectInternalCaller(from('127.0.0.1', { [header]: '127.0.0.1' })), header).toBe(false);
  });

  it('accepts the token from anywhere, only the exact token, only as a bearer', () => {
    const access = { token, allowInternal: false };
    expect(mayReadMetrics(access, from('8.8.8.8', { authorization: `Bearer ${token}` }))).toBe(true);
    expect(mayReadMetrics(access, from('8.8.8.8', { authorization: `bearer ${token}` }))).toBe(true);
    expect(mayReadMetrics(access, from('8.8.8.8', { authorization: `Bearer ${token}x` }))).toBe(false);
    expect(mayReadMetrics(access, from('8.8.8.8', { authorization: token }))).toBe(false);
    expect(mayReadMetrics(access, from('127.0.0.1'))).toBe(false);
    // no token configured: no bearer opens it
    expect(mayReadMetrics({ allowInternal: false }, from('127.0.0.1', { authorization: 'Bearer ' }))).toBe(
      false,
    );
  });
});

describe('GET /metrics protection', () => {
  let server: TestServer;
  let internalOff: TestServer;
  beforeAll(async () => {
    // behind a proxy: the request's address comes from X-Forwarded-For, which a caller can write
    server = await startTestServer({ metrics: { token, allowInternal: true }, trustProxy: true });
    internalOff = await startTestServer({ metrics: { token, allowInternal: false } });
  });
  afterAll(async () => {
    await server?.close();
    await internalOff?.close();
  });

  const get = (target: TestServer, remoteAddress: string, headers: Record<string, string> = {}) =>
    target.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('refuses a public address without the token: 401 OP1000 in the caller language', async () => {
    const es = await get(server, '203.0.113.9');
    expect(es.statusCode).toBe(401);
    expect(es.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(es.json()).toEqual({
      code: 'OP1000',
      message:
        'Las métricas de Aforo requieren el token de métricas, o una llamada hecha directamente desde la red interna.',
    });
    const en = await get(server, '203.0.113.9', { 'accept-language': 'en' });
    expect(en.json<{ message: string }>().message).toMatch(/^Aforo's metrics need the metrics token/);
    expect(
      (await get(server, '203.0.113.9', { authorization: 'Bearer wrong-token-0123456789' })).statusCode,
    ).toBe(401);
  });

  it('answers a public address with the token', async () => {
    const res = await get(server, '203.0.113.9', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE aforo_http_request_duration_seconds histogram');
  });

  it('answers a direct internal caller without the token', async () => {
    expect((await get(server, '127.0.0.1')).statusCode).toBe(200);
    expect((await get(server, '10.20.30.40')).statusCode).toBe(200);
  });

  it('does not believe X-Forwarded-For, nor a request a proxy relayed', async () => {
    // a public caller claiming to be internal
    expect((await get(server, '203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(401);
    // the proxy on the same machine relaying a public caller
    expect((await get(server, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(401);
    // relayed, with the token: fine
    const relayed = await get(server, '127.0.0.1', {
      'x-forwarded-for': '203.0.113.9',
      authorization: `Bearer ${token}`,
    });
    expect(relayed.statusCode).toBe(200);
  });

  it('with METRICS_ALLOW_INTERNAL off, asks the token of internal callers too', async () => {
    expect((await get(internalOff, '127.0.0.1')).statusCode).toBe(401);
    expect((await get(internalOff, '127.0.0.1', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
  });
});
