import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { transactor } from '../../db/transaction';
import { createEventBus } from '../../events/event-bus';
import type { Mailer } from '../../mail/mailer';
import { createMailOutboxRepository } from '../../mail/mail-outbox.repository';
import { openTestDatabase } from '../../test/test-database';
import { createPublicAuthService } from './public-auth.service';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** A mailer whose queue waits for `open()`; `calls` lists what happened, in order. */
function gatedMailer(calls: string[]) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const mailer: Mailer = {
    async queue(tx, mail) {
      calls.push(`queue ${mail.to}`);
      await gate;
      return (await createMailOutboxRepository(tx).insert(mail)).id;
    },
  };
  return { mailer, open };
}
const silent = { error: () => undefined };
const silentLog = { warn: () => undefined, error: () => undefined, info: () => undefined };

describe('requestRestore', () => {
  it('returns before the lookup, the token and the mail, for a known account as for an unknown one', async () => {
    const calls: string[] = [];
    const { mailer, open } = gatedMailer(calls);
    const service = createPublicAuthService({
      db: database.db,
      transact: transactor(database.db, createEventBus({ log: silentLog })),
      mailer,
      config: { publicUrl: 'http://x' },
    });
    const timeout = new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 3000));
    const known = await Promise.race([
      Promise.resolve(service.requestRestore('user.norte@demo.aforo.dev', silent)).then(() => 'answered'),
      timeout,
    ]);
    calls.push(known);
    service.requestRestore('nobody@demo.aforo.dev', silent);
    calls.push('answered');
    expect(calls).toEqual(['answered', 'answered']);
    open();
    await service.drain();
    // queued only: the mail worker sends it (mail/mail-worker.ts)
    expect(calls).toEqual(['answered', 'answered', 'queue user.norte@demo.aforo.dev']);
  });
});
