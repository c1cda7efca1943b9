/**
 * Mail across processes (PostgreSQL only): the API process queues the activation mail and answers;
 * the jobs process hears 'mail.queued' (LISTEN/NOTIFY) and hands the mail to SMTP, once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { companyIdByName } from '../test/factories';
import { startSmtpStub, type SmtpStub } from '../test/smtp-stub';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.skipIf(!onPostgres)('mail with an api and a jobs process', () => {
  let database: Database;
  let smtp: SmtpStub;
  const processes: AforoProcess[] = [];
  let apiUrl: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    smtp = await startSmtpStub();
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      SMTP_URL: smtp.url,
    };
    const api = startAforoProcess('api', env);
    const jobs = startAforoProcess('jobs', env);
    processes.push(api, jobs);
    const listening = await api.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
    apiUrl = String(listening.msg).slice('Server listening at '.length);
    await jobs.waitForLog((l) => l.msg === 'notifying started');
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await smtp?.close();
    await database?.close();
  }, 30_000);

  it('the jobs process sends what the api process queued', async () => {
    const login = await fetch(`${apiUrl}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.aforo.dev', password: demoPassword }),
    });
    const { token } = (await login.json()) as { token: string };
    const norte = await companyIdByName(database.db, 'Canal del Norte S.A.');
    const res = await fetch(`${apiUrl}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Ana',
        surname: 'Dos',
        email: 'ana.two@test.dev',
        profiles: [{ company: { id: norte }, roles: ['ROLE_USER'] }],
      }),
    });
    expect(res.status).toBe(201);
    // the jobs process also mails the demo network's outage notice (notifying): look for ours
    const toAna = () => smtp.messages.filter((m) => m.includes('To: ana.two@test.dev'));
    await expect.poll(() => toAna().length, { timeout: 10_000 }).toBe(1);
    expect(toAna()[0]).toContain('/activate/user/');
    await expect
      .poll(async () => {
        const [row] = await database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, 'ana.two@test.dev'));
        return [row?.status, row?.attempts];
      })
      .toEqual(['sent', 1]);
    // the api process has SMTP_URL too, yet never sends: one mail, from the jobs process
    await new Promise((r) => setTimeout(r, 1000));
    expect(toAna()).toHaveLength(1);
  }, 60_000);
});
