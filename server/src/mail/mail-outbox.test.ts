import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { openTestDatabase } from '../test/test-database';
import type { Database } from '../db/client';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const token = 'Zx9_Qw-8rT5yU2iO4pLk7jHg6fDs3aWe1bNm0vCx1';
const migration = new URL('../../drizzle/20261124071614_redact_sent_mail_links.sql', import.meta.url);

describe('migration redact_sent_mail_links', () => {
  it('cuts the links out of mails already sent through SMTP and keeps the outbox and failed ones', async () => {
    const text = (link: string) => `Hola:\n\n${link}\n\nAforo`;
    const rows = await database.db
      .insert(mailOutbox)
      .values([
        { to: 'a@t.dev', subject: 's', status: 'sent', text: text(`http://h/activate/user/${token}`) },
        {
          to: 'b@t.dev',
          subject: 's',
          status: 'sent',
          text: text(`http://h/restore-password?token=${token}`),
        },
        { to: 'c@t.dev', subject: 's', status: 'outbox', text: text(`http://h/activate/user/${token}`) },
        {
          to: 'd@t.dev',
          subject: 's',
          status: 'failed',
          text: text(`http://h/restore-password?token=${token}`),
        },
      ])
      .returning({ id: mailOutbox.id });
    await database.db.execute(sql.raw(readFileSync(migration, 'utf8')));
    const after = await Promise.all(
      rows.map(
        async ({ id }) => (await database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!,
      ),
    );
    expect(after.map((r) => r.text.includes(token))).toEqual([false, false, true, true]);
    expect(after[0]!.text).toBe(text('http://h/activate/user/[redacted]'));
    expect(after[1]!.text).toBe(text('http://h/restore-password?token=[redacted]'));
  });
});
