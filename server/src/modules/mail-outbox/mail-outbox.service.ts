import type { Mail, MailListQuery } from '@aforo/contracts/mail-outbox';
import { assertCan } from '../../core/access';
import { NotFoundError } from '../../core/errors';
import type { RequestContext } from '../../core/request-context';
import { createMailOutboxRepository, type MailRow } from '../../mail/mail-outbox.repository';
import type { Deps } from '../../deps';

function toMail(row: MailRow): Mail {
  return {
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    status: row.status as Mail['status'],
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

/** The outbox view: provider admins only (mails hold one-time links of every company's users). */
export function createMailOutboxService({ db }: Deps) {
  const repo = createMailOutboxRepository(db);
  return {
    async list(ctx: RequestContext, query: MailListQuery) {
      assertCan(ctx, 'outbox.read');
      const { rows, total } = await repo.listAcrossCompanies(query);
      return { rows: rows.map(toMail), total };
    },
    async get(ctx: RequestContext, id: string): Promise<Mail> {
      assertCan(ctx, 'outbox.read');
      const row = await repo.findAcrossCompanies(id);
      if (!row) throw new NotFoundError();
      return toMail(row);
    },
  };
}
export type MailOutboxService = ReturnType<typeof createMailOutboxService>;
