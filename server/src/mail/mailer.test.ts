import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger';
import { companyIdByName } from '../test/factories';
import { startSmtpStub, type SmtpStub } from '../test/smtp-stub';
import { bearer, startTestServer, type TestServer } from '../test/test-server';

let smtp: SmtpStub;
let server: TestServer;
let admin: string;
let norte: string;
const logLines: string[] = [];
const logText = () => logLines.join('');

beforeAll(async () => {
  smtp = await startSmtpStub();
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  server = await startTestServer({ smtpUrl: smtp.url, logger: createLogger('info', false, sink) });
  admin = await server.login('admin@demo.aforo.dev');
  norte = await companyIdByName(server.database.db, 'Canal del Norte S.A.');
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const outboxRow = async (to: string) =>
  (await server.request({ method: 'GET', url: '/api/mail-outbox?length=-1', headers: bearer(admin) }))
    .json()
    .rows.find((m: { to: string }) => m.to === to);

async function createUser(email: string) {
  const res = await server.request({
    method: 'POST',
    url: '/api/users',
    headers: bearer(admin),
    payload: {
      name: 'Ana',
      surname: 'Smtp',
      email,
      profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
    },
  });
  expect(res.statusCode).toBe(201);
}

describe('mail through SMTP', () => {
  it('keeps no activation link in the outbox or the log once the mail is sent', async () => {
    const before = smtp.messages.length;
    await createUser('ana.smtp@test.dev');
    const [message] = (await smtp.received(before + 1)).slice(before);
    const token = /\/activate\/user\/([A-Za-z0-9_-]{20,})/.exec(message!)?.[1];
    expect(token).toBeDefined();
    // the stub has the message before the mailer hears its answer and marks the row sent
    await expect.poll(async () => (await outboxRow('ana.smtp@test.dev'))?.status).toBe('sent');
    const row = await outboxRow('ana.smtp@test.dev');
    expect(row).toMatchObject({ status: 'sent', subject: 'Active su cuenta de Aforo' });
    expect(row.sentAt).not.toBeNull();
    expect(row.text).not.toContain(token);
    expect(row.text).toContain('/activate/user/');
    // the page of the link is opened and used: its token still never reaches the log
    const info = await server.request({ method: 'GET', url: `/public/activate/user/${token}` });
    expect(info.statusCode).toBe(200);
    const activated = await server.request({
      method: 'POST',
      url: `/public/activate/user/${token}`,
      payload: { password: 'ana-first-password', confirmPassword: 'ana-first-password' },
    });
    expect(activated.statusCode).toBe(200);
    expect(logText()).toContain('/public/activate/user/');
    expect(logText()).not.toContain(token);
  });

  it('keeps no restore link in the outbox or the log once the mail is sent', async () => {
    const before = smtp.messages.length;
    const res = await server.request({
      method: 'POST',
      url: '/public/request/restore/password',
      payload: { email: 'user.norte@demo.aforo.dev' },
    });
    expect(res.statusCode).toBe(200);
    const [message] = (await smtp.received(before + 1)).slice(before);
    const token = /restore-password\?token=([A-Za-z0-9_-]{20,})/.exec(message!)?.[1];
    expect(token).toBeDefined();
    await expect.poll(async () => (await outboxRow('user.norte@demo.aforo.dev'))?.status).toBe('sent');
    expect((await outboxRow('user.norte@demo.aforo.dev')).text).not.toContain(token);
    await server.request({ method: 'GET', url: `/restore-password?token=${token}&lang=es` });
    await server.request({
      method: 'GET',
      url: `/api/users/validate/user.norte%40demo.aforo.dev?companyId=x`,
    });
    expect(logText()).toContain('/restore-password?token=');
    expect(logText()).not.toContain(token);
    expect(logText()).not.toContain('user.norte%40demo.aforo.dev');
  });

  it('answers a restore request before the mail server has even greeted (no mail work awaited)', async () => {
    const before = smtp.messages.length;
    smtp.hold();
    try {
      const answer = server.request({
        method: 'POST',
        url: '/public/request/restore/password',
        payload: { email: 'chief@demo.aforo.dev' },
      });
      const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 5000));
      const first = await Promise.race([answer, timeout]);
      expect(first).not.toBe('waiting');
      expect(first === 'waiting' ? 0 : first.statusCode).toBe(200);
      expect(smtp.messages.length).toBe(before);
    } finally {
      smtp.release();
    }
    await smtp.received(before + 1);
  });

  it('records a refused mail as failed without logging its link', async () => {
    smtp.refuseRecipients();
    await createUser('refused.smtp@test.dev');
    await expect.poll(async () => (await outboxRow('refused.smtp@test.dev'))?.status).toBe('failed');
    expect(logText()).toContain('mail delivery failed');
    const line = logLines.find((l) => l.includes('refused.smtp@test.dev') && l.includes('failed'));
    expect(line).not.toMatch(/activate\/user\/[A-Za-z0-9_-]{20,}/);
  });
});
