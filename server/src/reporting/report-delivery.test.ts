/**
 * Delivery of closed months on a real database and a real SMTP server (docs/REPORTS.md "Delivery"):
 * a close with a Spanish and an English recipient queues one mail each, in that language, naming
 * revision 1's PDF and XLSX; the server receives both files with the stored SHA-256; a revision mails
 * again; over the size limit the mail carries links instead; unusable accounts get nothing.
 */
import { createHash, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { mailOutbox, reportDeliveries, users } from '../db/schema';
import { transactor, type Transact } from '../db/transaction';
import { createEventBus, type EventBus } from '../events/event-bus';
import { createMailWorker } from '../mail/mail-worker';
import { buildCompany, buildPoint, buildUser } from '../test/factories';
import { silentLog } from '../test/ingest-harness';
import { startSmtpStub, type SmtpStub } from '../test/smtp-stub';
import { openTestDatabase } from '../test/test-database';
import { createMonthClose } from './month-close';
import { createMonthCloseRepository } from './month-close.repository';
import { createReportDelivery } from './report-delivery';
import { createStaleMarker } from './stale-marker';

let database: Database;
let events: EventBus;
let transact: Transact;
let smtp: SmtpStub;
let companyId: string;
let closer: string;
let spanish: string;
let english: string;
let barred: string[];
let pointId: string;
const publicUrl = 'https://aforo.example.org';
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** A Madrid day of October 2026 (UTC+2 until the 25th); 10 equal values make the day incorrect. */
async function storeDay(day: string, { count = 144, flat = false } = {}) {
  const start = Date.parse(`${day}T00:00:00+02:00`);
  const ts = Array.from({ length: count }, (_, i) => (start + i * 600_000) / 1000);
  const values = ts.map((_, i) => (flat && i >= 10 && i < 20 ? 1.5 : 1 + i * 0.001));
  await database.db.execute(sql`
    insert into measures (device_id, port, ts, point_id, direct, adjusted, interpreted, flag)
    select ${randomUUID()}::uuid, 'ai1', to_timestamp(t), ${pointId}::uuid, v, v, v, 1
    from unnest(${sql.param(ts)}::float8[], ${sql.param(values)}::float8[]) as k(t, v)`);
  return start;
}

/** The attachments of a raw MIME message: file name → bytes. */
function attachmentsOf(raw: string): Map<string, Buffer> {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)![1]!;
  const files = new Map<string, Buffer>();
  for (const part of raw.split(`--${boundary}`)) {
    const at = part.indexOf('\r\n\r\n');
    const headers = part.slice(0, at);
    if (!/Content-Disposition: attachment/i.test(headers)) continue;
    const name = /filename="?([^";\r\n]+)"?/i.exec(headers)![1]!;
    files.set(name, Buffer.from(part.slice(at + 4).replace(/\s/g, ''), 'base64'));
  }
  return files;
}

const mailsOf = (closureId: string, n: number) =>
  database.db
    .select({ mail: mailOutbox, recipientId: reportDeliveries.recipientId, files: reportDeliveries.files })
    .from(reportDeliveries)
    .innerJoin(mailOutbox, eq(mailOutbox.id, reportDeliveries.mailId))
    .where(sql`${reportDeliveries.closureId} = ${closureId} and ${reportDeliveries.n} = ${n}`);

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  events = createEventBus({ log: silentLog });
  transact = transactor(db, events);
  smtp = await startSmtpStub();
  const company = await buildCompany(db, {
    preferredTimezone: 'Europe/Madrid',
    businessName: 'Riegos del Sur',
  });
  companyId = company.id;
  closer = (await buildUser(db, { companyId: null, roles: ['ROLE_CHIEF'] })).id;
  spanish = (await buildUser(db, { companyId, roles: ['ROLE_ADMIN_CLIENTE'], email: 'ana.es@test.dev' })).id;
  english = (await buildUser(db, { companyId: null, roles: ['ROLE_VIEWER'], email: 'john.en@test.dev' })).id;
  await db.update(users).set({ language: 'en' }).where(eq(users.id, english));
  barred = [
    (await buildUser(db, { companyId, state: 'Disabled' })).id,
    (await buildUser(db, { companyId: (await buildCompany(db)).id })).id,
  ];
  pointId = (
    await buildPoint(db, companyId, {
      measureTime: 600,
      parameters: { ai1: {} },
      createdAt: new Date('2026-09-01T00:00:00Z'),
    })
  ).id;
  // October: the 1st–3rd incorrect, the 11th and the 21st–31st silent: 16 of 19 counted days, 84.2 %
  for (let d = 1; d <= 20; d += 1)
    if (d !== 11) await storeDay(`2026-10-${String(d).padStart(2, '0')}`, { flat: d <= 3 });
});
afterAll(async () => {
  await smtp?.close();
  await events?.close();
  await database?.close();
});

describe('delivering a closed month', () => {
  let closureId: string;
  const delivery = () => createReportDelivery({ publicUrl });
  const closeWith = (onFrozen = delivery().onFrozen) =>
    createMonthClose({ db: database.db, transact, onFrozen });

  it('closing with a Spanish and an English recipient queues one mail each, in that language, with revision 1’s files', async () => {
    closureId = await closeWith().close({
      companyId,
      month: '2026-10',
      userId: closer,
      lang: 'es',
      recipientIds: [spanish, english, ...barred],
    });
    const mails = await mailsOf(closureId, 1);
    expect(mails.map((m) => m.mail.to).sort()).toEqual(['ana.es@test.dev', 'john.en@test.dev']);
    const es = mails.find((m) => m.recipientId === spanish)!.mail;
    const en = mails.find((m) => m.recipientId === english)!.mail;
    expect(es.subject).toBe('Informe mensual de Riegos del Sur, octubre de 2026: mes cerrado');
    expect(es.text).toContain('Se ha cerrado el mes de octubre de 2026 de Riegos del Sur (revisión 1).');
    expect(es.text).toContain('Operación: 84,2 % (16 de 19 días de punto contados');
    expect(es.text).toContain('3 incorrectos, 12 sin transmisión, 0 excluidos');
    expect(es.text).toContain('Se adjuntan el PDF y el XLSX de la revisión 1.');
    expect(es.text).not.toContain('idioma');
    expect(en.subject).toBe('Monthly report of Riegos del Sur, October 2026: month closed');
    expect(en.text).toContain('Operation: 84.2 % (16 of 19 counted point-days correct or intermittent');
    // the files are the closer's, in Spanish: the English reader is told
    expect(en.text).toContain('They are written in Spanish, the language of whoever closed the month.');
    for (const { mail, files } of mails) {
      expect(files).toBe('attached');
      expect(mail.attachments).toEqual([
        {
          kind: 'report_revision',
          closureId,
          n: 1,
          format: 'pdf',
          filename: 'informe-mensual-2026-10-r1.pdf',
        },
        {
          kind: 'report_revision',
          closureId,
          n: 1,
          format: 'xlsx',
          filename: 'informe-mensual-2026-10-r1.xlsx',
        },
      ]);
    }
  });

  it('a real SMTP server receives both mails with both files, their bytes hashing to the stored SHA-256', async () => {
    const worker = createMailWorker({
      db: database.db,
      events,
      log: silentLog,
      smtpUrl: smtp.url,
      pollMs: 3_600_000,
    });
    try {
      expect(await worker.runOnce()).toBe(2);
    } finally {
      await worker.close();
    }
    await smtp.received(2);
    const stored = (await createMonthCloseRepository(database.db).revision(closureId, 1))!;
    for (const raw of smtp.raw) {
      const files = attachmentsOf(raw);
      expect([...files.keys()].sort()).toEqual([
        'informe-mensual-2026-10-r1.pdf',
        'informe-mensual-2026-10-r1.xlsx',
      ]);
      expect(sha(files.get('informe-mensual-2026-10-r1.pdf')!)).toBe(stored.pdfSha256);
      expect(sha(files.get('informe-mensual-2026-10-r1.xlsx')!)).toBe(stored.xlsxSha256);
      expect(raw).toMatch(/Content-Type: application\/pdf/);
    }
    const rows = await mailsOf(closureId, 1);
    expect(rows.map((r) => [r.mail.status, r.mail.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
    ]);
  });

  it('a revision mails again: revision 2 with the number of point-days it changed', async () => {
    const marker = createStaleMarker({ db: database.db, events, log: silentLog });
    const start = await storeDay('2026-10-11', { count: 12 });
    events.publish('measures.committed', {
      batchId: randomUUID(),
      rows: [{ deviceId: randomUUID(), port: 'ai1', pointId, ms: start, interpreted: 1, flag: 1 }],
    });
    await marker.idle();
    marker.close();
    expect(await closeWith().reviseAll()).toEqual([{ closureId, n: 2 }]);
    const mails = await mailsOf(closureId, 2);
    expect(mails).toHaveLength(2);
    const es = mails.find((m) => m.recipientId === spanish)!.mail;
    const en = mails.find((m) => m.recipientId === english)!.mail;
    expect(es.subject).toBe('Informe mensual de Riegos del Sur, octubre de 2026: revisión 2');
    expect(es.text).toContain('revisión 2, con 1 día de punto modificado respecto a la revisión 1.');
    expect(en.text).toContain('revision 2, with 1 point-day changed since revision 1.');
    expect(en.text).toContain('Operation: 85 % (17 of 20 counted');
    expect((es.attachments as Array<{ n: number }>).map((a) => a.n)).toEqual([2, 2]);
    expect(await closeWith().reviseAll()).toEqual([]);
    expect(await mailsOf(closureId, 3)).toEqual([]);
  });

  it('over the size limit the mail links the files instead; SMTP gets it without attachments', async () => {
    const small = createReportDelivery({ publicUrl: `${publicUrl}/`, attachmentLimitBytes: 1000 });
    const september = await closeWith(small.onFrozen).close({
      companyId,
      month: '2026-09',
      userId: closer,
      lang: 'es',
      recipientIds: [english],
    });
    const [row] = await mailsOf(september, 1);
    expect(row!.files).toBe('linked');
    expect(row!.mail.attachments).toEqual([]);
    const base = `${publicUrl}/api/reports/closures/${september}/revisions/1`;
    expect(row!.mail.text).toContain(`PDF: ${base}?format=pdf`);
    expect(row!.mail.text).toContain(`XLSX: ${base}?format=xlsx`);
    expect(row!.mail.text).toContain('too large to attach');
    const before = smtp.raw.length;
    const worker = createMailWorker({
      db: database.db,
      events,
      log: silentLog,
      smtpUrl: smtp.url,
      pollMs: 3_600_000,
    });
    // the two of revision 2 and this one
    expect(await worker.runOnce()).toBe(3);
    await worker.close();
    await smtp.received(before + 3);
    const linked = smtp.raw.slice(before).find((raw) => raw.includes(september))!;
    expect(linked).not.toMatch(/Content-Disposition: attachment/i);
  });

  it('nothing to mail without recipients; a rolled-back close queues nothing', async () => {
    const count = async () => (await database.db.select().from(mailOutbox)).length;
    const before = await count();
    await expect(
      closeWith().close({ companyId, month: '2026-10', userId: closer, lang: 'es', recipientIds: [spanish] }),
    ).rejects.toMatchObject({ code: 'RP1001' });
    const failing = createMonthClose({
      db: database.db,
      transact,
      onFrozen: async (tx, frozen) => {
        await delivery().onFrozen(tx, frozen);
        throw new Error('after queueing');
      },
    });
    await expect(
      failing.close({ companyId, month: '2026-08', userId: closer, lang: 'es', recipientIds: [spanish] }),
    ).rejects.toThrow('after queueing');
    expect(await count()).toBe(before);
    const bare = await closeWith().close({
      companyId,
      month: '2026-08',
      userId: closer,
      lang: 'es',
      recipientIds: [],
    });
    expect(await mailsOf(bare, 1)).toEqual([]);
    expect(
      await database.db
        .select()
        .from(reportDeliveries)
        .where(inArray(reportDeliveries.closureId, [bare])),
    ).toEqual([]);
  });
});
