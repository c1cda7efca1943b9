/**
 * Mail from the request paths: written to the outbox inside the caller's transaction (so a
 * rolled-back change sends nothing) and announced after commit ('mail.queued'); the mail worker
 * (mail/mail-worker.ts, jobs role) hands it to SMTP with retries. No request waits for SMTP: this
 * mailer cannot reach it.
 */
import type { Db } from '../db/client';
import { afterCommit } from '../db/transaction';
import { createMailOutboxRepository, type NewMail } from './mail-outbox.repository';

export interface Mailer {
  /** Queues the mail within `tx` (a transactor's); returns its outbox id. */
  queue(tx: Db, mail: NewMail): Promise<string>;
}

export function createMailer(): Mailer {
  return {
    async queue(tx, mail) {
      const { id } = await createMailOutboxRepository(tx).insert(mail);
      afterCommit(tx, 'mail.queued', { ids: [id] });
      return id;
    },
  };
}
