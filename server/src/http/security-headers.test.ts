import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/test-server';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'aforo-web-'));
writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Aforo</title><div id="root"></div>');

describe('browser security headers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ webDist, publicUrl: 'http://localhost:8080' });
  });
  afterAll(() => server.close());

  it('the web app is served with a CSP, no framing, no sniffing and a referrer policy', async () => {
    const page = await server.request({ method: 'GET', url: '/app/monitoring' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('API answers, errors included, carry them too', async () => {
    const res = await server.request({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeDefined();
  });

  it('no HSTS over plain http (it would lock browsers out of an http install)', async () => {
    const res = await server.request({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('HSTS when PUBLIC_URL is https', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://aforo.example.com' });
  });
  afterAll(() => server.close());

  it('sends Strict-Transport-Security', async () => {
    const res = await server.request({ method: 'GET', url: '/health' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=31536000/);
  });
});
