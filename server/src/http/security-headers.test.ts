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

  it('only the public point widget may be framed, by any site; its dashboard page may not', async () => {
    const html = { accept: 'text/html,application/xhtml+xml' };
    const widget = await server.request({
      method: 'GET',
      url: '/public/dashboard/canal-del-norte/widget/abc?lang=en',
      headers: html,
    });
    expect(widget.statusCode).toBe(200);
    const csp = String(widget.headers['content-security-policy']);
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(widget.headers['x-frame-options']).toBeUndefined();
    for (const url of [
      '/public/dashboard/canal-del-norte',
      '/public/dashboard/canal-del-norte/widget',
      '/public/dashboard/canal-del-norte/widget/abc/more',
      '/app/public/dashboard/x/widget/y',
    ]) {
      const page = await server.request({ method: 'GET', url, headers: html });
      expect(String(page.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(page.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('a browser opening a public dashboard gets the web app; its calls get JSON at the same address', async () => {
    const page = await server.request({
      method: 'GET',
      url: '/public/dashboard/canal-del-norte',
      headers: { accept: 'text/html,*/*;q=0.8' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers.vary).toMatch(/accept/i);
    const api = await server.request({ method: 'GET', url: '/public/dashboard/canal-del-norte' });
    expect(api.headers['content-type']).toMatch(/application\/json/);
    expect(api.json().company.slug).toBe('canal-del-norte');
    const unknownApi = await server.request({ method: 'GET', url: '/public/other' });
    expect(unknownApi.json().code).toBe('N1000');
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
