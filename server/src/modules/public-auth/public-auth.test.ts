import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userTokens } from '../../db/schema';
import { buildUser, companyIdByName } from '../../test/factories';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';
import { hashToken } from '../users/user-tokens.repository';

let server: TestServer;
let admin: string;
let norte: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.aforo.dev');
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
});
afterAll(() => server.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  server.request({ method: 'POST', url, payload, headers: { 'accept-language': 'en', ...headers } });

/** The newest mail to `to`, and the token in its link. */
async function lastMail(to: string) {
  const rows = (
    await server.request({ method: 'GET', url: '/api/mail-outbox?length=-1', headers: bearer(admin) })
  ).json().rows;
  const mail = rows.find((m: { to: string }) => m.to === to);
  const link = /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0];
  return {
    mail,
    link,
    token: link ? decodeURIComponent(link.split(/token=|\/activate\/user\//)[1]!) : undefined,
  };
}
/** Restore mails are prepared after the answer: waits for the one to `to`. */
async function restoreMailTo(to: string) {
  await expect.poll(async () => (await lastMail(to)).mail?.subject ?? '').toMatch(/Aforo/);
  return lastMail(to);
}
const mailCount = async () =>
  (await server.request({ method: 'GET', url: '/api/mail-outbox', headers: bearer(admin) })).json().total;

describe('password restore', () => {
  it('answers the same for an existing and an unknown account, and mails only the existing one', async () => {
    const before = await mailCount();
    const known = await post('/public/request/restore/password', { email: 'user.norte@demo.aforo.dev' });
    const unknown = await post('/public/request/restore/password', { email: 'nobody@demo.aforo.dev' });
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    const { mail, link } = await restoreMailTo('user.norte@demo.aforo.dev');
    expect(await mailCount()).toBe(before + 1);
    expect(mail.subject).toBe('Restablezca su contraseña de Aforo');
    expect(link).toMatch(/^http:\/\/localhost:8080\/restore-password\?token=/);
  });

  it('sets a new password once with the link; the old password and a second use fail', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    await post('/public/request/restore/password', { email: user.email.toUpperCase() });
    const { token } = await restoreMailTo(user.email);
    const body = { token, password: 'restored-password-1', confirmPassword: 'restored-password-1' };
    expect((await post('/public/restore/password', body)).statusCode).toBe(200);
    await expect(server.login(user.email)).rejects.toThrow(/401/);
    expect(await server.login(user.email, 'restored-password-1')).toEqual(expect.any(String));
    const again = await post('/public/restore/password', body);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('U1010');
    const history = (
      await server.request({
        method: 'GET',
        url: `/api/log-entries?entityId=${user.id}`,
        headers: bearer(admin),
      })
    ).json().rows;
    expect(history[0]).toMatchObject({ action: 'password_restore', user: { id: user.id } });
  });

  it('refuses an expired link and a mismatched confirmation', async () => {
    const user = await buildUser(server.database.db, { companyId: norte, roles: ['ROLE_USER'] });
    await post('/public/request/restore/password', { email: user.email });
    const { token } = await restoreMailTo(user.email);
    const mismatch = await post('/public/restore/password', {
      token,
      password: 'restored-password-1',
      confirmPassword: 'other-password-1',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(Object.keys(mismatch.json().fields)).toEqual(['confirmPassword']);
    await server.database.db
      .update(userTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(userTokens.tokenHash, hashToken(token!)));
    const expired = await post('/public/restore/password', {
      token,
      password: 'restored-password-1',
      confirmPassword: 'restored-password-1',
    });
    expect(expired.json().code).toBe('U1010');
  });

  it('sends nothing to disabled, suspended or not-yet-activated accounts', async () => {
    const before = await mailCount();
    for (const state of ['Disabled', 'Suspended', 'Created']) {
      const user = await buildUser(server.database.db, { companyId: norte, state });
      expect((await post('/public/request/restore/password', { email: user.email })).statusCode).toBe(200);
    }
    // requests are looked up in order: once a later one's mail is there, the earlier ones are done
    const sentinel = await buildUser(server.database.db, { companyId: norte });
    await post('/public/request/restore/password', { email: sentinel.email });
    await restoreMailTo(sentinel.email);
    expect(await mailCount()).toBe(before + 1);
  });

  it('limits requests per address (429 L1000) and answers 400 to a bad email', async () => {
    const limited = await (
      await import('../../test/test-server')
    ).startTestServer({ publicCallsPerMinute: 3 });
    try {
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 4; i++) {
        const res = await limited.request({
          method: 'POST',
          url: '/public/request/restore/password',
          payload: { email: 'x@test.dev' },
          remoteAddress: '10.1.1.1',
        });
        statuses.push(res.statusCode);
        retryAfter = res.headers['retry-after'];
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    } finally {
      await limited.close();
    }
    const bad = await post('/public/request/restore/password', { email: 'not-an-email' });
    expect([bad.statusCode, bad.json().code]).toEqual([400, 'V1000']);
  });
});

describe('account activation', () => {
  it('takes a new user from the activation mail to a signed-in session, once', async () => {
    const clientAdmin = await server.login('admin-cliente.norte@demo.aforo.dev');
    const created = await server.request({
      method: 'POST',
      url: '/api/users',
      headers: bearer(clientAdmin),
      payload: {
        name: 'Lola',
        surname: 'Activa',
        email: 'lola@test.dev',
        language: 'en',
        profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
      },
    });
    expect(created.statusCode).toBe(201);
    const { mail, token } = await lastMail('lola@test.dev');
    expect(mail.subject).toBe('Activate your Aforo account');
    expect(mail.text).toContain('Canal del Norte S.A.');
    await expect(server.login('lola@test.dev', 'anything-at-all')).rejects.toThrow(/401/);
    const info = await server.request({ method: 'GET', url: `/public/activate/user/${token}` });
    expect(info.json()).toEqual({ email: 'lola@test.dev', name: 'Lola' });
    const activate = () =>
      post(`/public/activate/user/${token}`, {
        password: 'lola-first-password',
        confirmPassword: 'lola-first-password',
      });
    expect((await activate()).statusCode).toBe(200);
    const session = await server.login('lola@test.dev', 'lola-first-password');
    const me = (
      await server.request({ method: 'GET', url: '/api/users/info/logged', headers: bearer(session) })
    ).json();
    expect(me).toMatchObject({ state: { name: 'Active' }, roles: ['ROLE_USER'], company: { id: norte } });
    // the used link of an account now active says so (PU1000), on the page and on a second submit
    const reused = await activate();
    expect([reused.statusCode, reused.json()]).toEqual([
      409,
      { code: 'PU1000', message: 'The user is already active.' },
    ]);
    const again = await server.request({
      method: 'GET',
      url: `/public/activate/user/${token}`,
      headers: { 'accept-language': 'es' },
    });
    expect([again.statusCode, again.json().code, again.json().message]).toEqual([
      409,
      'PU1000',
      'El usuario ya está activo.',
    ]);
    // a link that never was stays a bad link
    const unknown = await server.request({ method: 'GET', url: `/public/activate/user/${'z'.repeat(43)}` });
    expect(unknown.json().code).toBe('U1007');
  });

  it('voids the old link when an admin renews it', async () => {
    const clientAdmin = await server.login('admin-cliente.norte@demo.aforo.dev');
    const created = (
      await server.request({
        method: 'POST',
        url: '/api/users',
        headers: bearer(clientAdmin),
        payload: {
          name: 'Renata',
          surname: 'R',
          email: 'renata@test.dev',
          profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
        },
      })
    ).json();
    const first = (await lastMail('renata@test.dev')).token;
    await server.request({
      method: 'POST',
      url: `/api/users/${created.id}/renew-activation`,
      headers: bearer(clientAdmin),
    });
    const second = (await lastMail('renata@test.dev')).token;
    expect(second).not.toBe(first);
    expect(
      (
        await post(`/public/activate/user/${first}`, {
          password: 'renata-password',
          confirmPassword: 'renata-password',
        })
      ).json().code,
    ).toBe('U1007');
    expect(
      (
        await post(`/public/activate/user/${second}`, {
          password: 'renata-password',
          confirmPassword: 'renata-password',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('answers 400 U1007 to an unknown token', async () => {
    const res = await server.request({ method: 'GET', url: `/public/activate/user/${'x'.repeat(43)}` });
    expect([res.statusCode, res.json().code]).toEqual([400, 'U1007']);
  });
});

describe('bad links under /public with the web app served', () => {
  it('answers JSON errors, never the web page, to an overlong token or an unknown public path', async () => {
    const webDist = mkdtempSync(path.join(os.tmpdir(), 'aforo-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Aforo</title>');
    const withWeb = await startTestServer({ webDist });
    try {
      const long = 'x'.repeat(150);
      const cases = [
        ['GET', `/public/activate/user/${long}`, 400, 'U1007'],
        ['POST', `/public/activate/user/${long}`, 400, 'U1007'],
        ['GET', `/public/activate/user/${'y'.repeat(30)}/more`, 400, 'U1007'],
        ['GET', '/public/something-else', 404, 'N1000'],
      ] as const;
      for (const [method, url, status, code] of cases) {
        const res = await withWeb.request({
          method,
          url,
          ...(method === 'POST'
            ? { payload: { password: 'a-new-password-1', confirmPassword: 'a-new-password-1' } }
            : {}),
        });
        expect([res.statusCode, res.headers['content-type']], url).toEqual([
          status,
          expect.stringContaining('application/json'),
        ]);
        expect(res.json().code, url).toBe(code);
      }
      const page = await withWeb.request({ method: 'GET', url: `/activate/user/${long}` });
      expect([page.statusCode, page.headers['content-type']]).toEqual([
        200,
        expect.stringContaining('text/html'),
      ]);
    } finally {
      await withWeb.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
