import type { AlertType } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';
import type { NotificationChannel } from '@aforo/contracts/notification-configs';
import type {
  DeliveryStatus,
  Notification,
  NotificationDelivery,
  NotificationKind,
} from '@aforo/contracts/notifications';
import type { DeliveryRow, NotificationRow } from './notifications.repository';

export function toNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    alertId: row.alertId,
    pointId: row.pointId,
    pointName: row.pointName,
    type: (row.type as AlertType | null) ?? null,
    level: (row.level as AlertLevel | null) ?? null,
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
    channel: row.channel as NotificationChannel,
    recipient: row.recipientUrl ?? person ?? '',
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    lastError: row.lastError,
    notBefore: row.notBefore?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
