import type { Notification, NotificationDelivery } from '@aforo/contracts/notifications';
import type { DeliveryRow, NotificationRow } from './notifications.repository';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind,
    alertId: row.alertId,
    pointId: row.pointId,
    pointName: row.pointName,
    type: row.type,
    level: row.level,
    title: row.title,
    body: row.body,
    alerts: row.alertId ? [row.alertId] : row.alertIds,
    // shown from its delivery: a notification held by quiet hours or an outage dates from its release
    createdAt: (row.deliveredAt ?? row.createdAt).toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export function toDelivery(row: DeliveryRow): NotificationDelivery {
  const person = row.recipientEmail ? `${row.recipientName ?? ''} <${row.recipientEmail}>`.trim() : null;
  return {
    id: row.id,
    configId: row.configId,
    configName: row.configName,
    notificationId: row.notificationId,
    alertId: row.alertId,
    channel: row.channel,
    recipient: row.recipientUrl ?? person ?? '',
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    notBefore: row.notBefore?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
