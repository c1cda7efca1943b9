/**
 * A notice to one person that is not one alert's firing: an incident's start or end, a quiet-hours
 * digest. Delivered in-app by the commit of `tx` (the stream hears notification.created), plus an
 * e-mail queued when `mail` says so. Every row carries `key`, so a second attempt inserts nothing.
 */
import type { Language } from '@aforo/contracts/constants';
import type { Db } from '../db/client';
import { afterCommit } from '../db/transaction';
import { insertDelivery, insertNotification } from './notifying.repository';
import { notificationMail } from './texts';

export interface Notice {
  companyId: string;
  kind: 'incident' | 'digest' | 'api_usage';
  /** The person, and where an e-mail goes (null: in-app only). */
  userId: string;
  mailTo: { email: string; name: string; language: Language } | null;
  text: { title: string; body: string };
  alertIds?: string[];
  /** Unique per notice and person: the dedupe key of the notification, prefix of the deliveries'. */
  key: string;
}

/** Returns the notification's id, or null when this notice was given already. */
export async function giveNotice(tx: Db, notice: Notice): Promise<string | null> {
  const { companyId, kind, userId, key } = notice;
  const notificationId = await insertNotification(tx, {
    companyId,
    userId,
    kind,
    alertId: null,
    alertIds: notice.alertIds,
    title: notice.text.title,
    body: notice.text.body,
    dedupeKey: key,
    delivered: true,
  });
  if (!notificationId) return null;
  const common = {
    companyId,
    configId: null,
    notificationId,
    alertId: null,
    kind,
    recipientUserId: userId,
    recipientUrl: null,
    holdReason: null,
    incidentId: null,
    notBefore: null,
  };
  await insertDelivery(tx, {
    ...common,
    channel: 'in_app',
    status: 'sent',
    idempotencyKey: `${key}:in_app`,
    payload: null,
  });
  if (notice.mailTo) {
    const mail = notificationMail(notice.mailTo, notice.text, notice.mailTo.language);
    await insertDelivery(tx, {
      ...common,
      channel: 'email',
      status: 'queued',
      idempotencyKey: `${key}:email`,
      payload: { subject: mail.subject, text: mail.text },
    });
  }
  afterCommit(tx, 'notification.created', { notificationId, userId });
  return notificationId;
}
