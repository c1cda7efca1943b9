/**
 * One notification config per client company (issue 12 item 9), so a newcomer's first alerts reach
 * the company's admins and operators in the bell (and the mail outbox) without configuring anything.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { notificationConfigInputSchema } from '@aforo/contracts/notification-configs';
import type { Db } from '../db/client';
import { companies, notificationConfigs } from '../db/schema';

/** What each client company gets: the flood and sensor-health alerts, to its admins and operators. */
export const demoNotificationConfig = notificationConfigInputSchema.parse({
  name: 'Avisos de crecida y fallos de sensor',
  alertTypes: [
    'DANGER',
    'HIGH_THRESHOLD',
    'WARNING',
    'LOW_THRESHOLD',
    'NO_TRANSMISSION',
    'OUT_OF_RANGE',
    'FLAT',
  ],
  roles: ['ROLE_ADMIN_CLIENTE', 'ROLE_CHIEF_CLIENTE'],
  email: true,
  notifyResolved: true,
  escalation: { afterMinutes: 60, roles: ['ROLE_ADMIN_CLIENTE'] },
  description: 'Configuración de demostración: cámbiela o bórrela en Cuentas → Notificaciones.',
});

export async function seedDemoNotificationConfigs(db: Db): Promise<number> {
  const clients = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.isProvider, false), isNull(companies.deletedAt)));
  if (clients.length === 0) return 0;
  const c = demoNotificationConfig;
  await db.insert(notificationConfigs).values(
    clients.map((company) => ({
      companyId: company.id,
      name: c.name,
      enabled: c.enabled,
      alertTypes: c.alertTypes,
      roles: c.roles,
      userIds: c.userIds,
      email: c.email,
      webhookUrl: c.webhookUrl,
      webhookSecret: randomBytes(32).toString('hex'),
      notifyResolved: c.notifyResolved,
      escalationAfterMinutes: c.escalation?.afterMinutes ?? null,
      escalationRoles: c.escalation?.roles ?? [],
      escalationUserIds: c.escalation?.userIds ?? [],
      description: c.description,
    })),
  );
  return clients.length;
}
