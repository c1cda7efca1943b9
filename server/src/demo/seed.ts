import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { seedDemo } from './demo';
import { seedDemoAlerts } from './demo-alerts';
import { backfillDemoHistory } from './demo-history';
import { seedDemoNotificationConfigs } from './demo-notifications';

/** Seeds only an empty database (no users), so restarts and real data are never touched. */
export async function seedIfEmpty(db: Db, seed: 'demo' | 'none', demoPassword: string): Promise<boolean> {
  if (seed === 'none') return false;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await seedDemo(db, demoPassword);
  // a year of measures (the test template seeds without it: tests write their own measures)
  const now = new Date();
  await backfillDemoHistory(db, { now });
  // alerts in every state on that history (the replayed past, and what is silent now)
  await seedDemoAlerts(db, now);
  // who hears of them: one config per client company
  await seedDemoNotificationConfigs(db);
  return true;
}
