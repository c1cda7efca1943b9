/**
 * Without SMTP_URL, what the log shows at start-up: account mails whole (their links reach people
 * that way, docs/OPERATIONS.md "Mail"), notification e-mails only at debug level (they are in the
 * outbox, and a demo start sends several: they must not bury the start-up banner).
 */
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';
import { createLogger } from '../lib/logger';
import { openTestDatabase } from '../test/test-database';
import { createMailOutboxRepository } from './mail-outbox.repository';
import { createMailTransport } from './mail-transport';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

function transportLogging(level: string) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const transport = createMailTransport({ db: database.db, log: createLogger(level, false, sink) });
  return { transport, printed: () => lines.join('') };
}

const notice = {
  to: 'guardia@test.dev',
  subject: 'PELIGRO en Río Ebro',
  text: 'Nivel 3,887 m en Río Ebro (peligro 3,5 m).',
};

describe('mail log without SMTP_URL', () => {
  it('a notification e-mail is kept in the outbox and not printed at info level', async () => {
    const { transport, printed } = transportLogging('info');
    expect(await transport.sendNow(notice)).toEqual({ outcome: 'kept' });
    expect(printed()).toBe('');
    const kept = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, notice.to));
    expect(kept.map((m) => m.subject)).toEqual([notice.subject]);
  });

  it('at debug level it is printed, and an account mail is printed whole at info', async () => {
    const debug = transportLogging('debug');
    await debug.transport.sendNow(notice);
    expect(debug.printed()).toContain('notification mail kept in the outbox (no SMTP_URL)');
    const info = transportLogging('info');
    const mail = await createMailOutboxRepository(database.db).insert({
      to: 'ana@test.dev',
      subject: 'Active su cuenta de Aforo',
      text: 'http://h/activate/user/a-link-token-0123456789',
    });
    await info.transport.attempt(mail, null);
    expect(info.printed()).toContain('a-link-token-0123456789');
  });
});
