/** The claims of jobs/scheduler.ts: which tick of each job has been taken, and how its run ended. */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobRuns } from '../db/schema';

/** True for the one caller that takes this tick; false if it (or a later one) was taken before. */
export async function claimTick(db: Db, name: string, tick: Date): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .insert(jobRuns)
    .values({ name, tick, startedAt: now })
    .onConflictDoUpdate({
      target: jobRuns.name,
      set: { tick, startedAt: now, finishedAt: null, error: null },
      setWhere: sql`${jobRuns.tick} < excluded.tick`,
    })
    .returning({ name: jobRuns.name });
  return rows.length === 1;
}

export async function finishRun(db: Db, name: string, tick: Date, error: string | null): Promise<void> {
  await db
    .update(jobRuns)
    .set({ finishedAt: new Date(), error })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.tick, tick)));
}

export async function lastRun(db: Db, name: string) {
  const [row] = await db.select().from(jobRuns).where(eq(jobRuns.name, name));
  return row;
}
