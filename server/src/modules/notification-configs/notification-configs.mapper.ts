import type { NotificationConfig } from '@aforo/contracts/notification-configs';
import type { ConfigRow } from './notification-configs.repository';

export function toNotificationConfig(row: ConfigRow): NotificationConfig {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    enabled: row.enabled,
    alertTypes: row.alertTypes,
    roles: row.roles,
    users: row.users,
    email: row.email,
    webhookUrl: row.webhookUrl,
    // the receiver's key, shown to the company's admins only while a webhook is set
    webhookSecret: row.webhookUrl ? row.webhookSecret : null,
    notifyResolved: row.notifyResolved,
    escalation:
      row.escalationAfterMinutes === null
        ? null
        : {
            afterMinutes: row.escalationAfterMinutes,
            roles: row.escalationRoles,
            users: row.escalationUsers,
          },
    points: row.points,
    layers: row.layers,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** What the history of changes records (never the webhook secret). */
export function notificationConfigHistory(row: ConfigRow): Record<string, unknown> {
  return {
    name: row.name,
    enabled: row.enabled,
    alertTypes: [...row.alertTypes].sort(),
    roles: [...row.roles].sort(),
    userIds: [...row.userIds].sort(),
    email: row.email,
    webhookUrl: row.webhookUrl,
    notifyResolved: row.notifyResolved,
    escalationAfterMinutes: row.escalationAfterMinutes,
    escalationRoles: [...row.escalationRoles].sort(),
    escalationUserIds: [...row.escalationUserIds].sort(),
    pointIds: [...row.pointIds].sort(),
    layerIds: [...row.layerIds].sort(),
    description: row.description,
  };
}
