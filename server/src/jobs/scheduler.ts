/**
 * Scheduled jobs that run once across the cluster (docs/OPERATIONS.md). Each job has ticks (every N ms,
 * or daily at HH:MM UTC); at each tick every process with the jobs role tries it, and exactly one
 * runs it: the run holds a PostgreSQL advisory lock named after the job (so never two runs of a job
 * at once, even when one outlasts its interval) and first claims the tick in `job_runs` (so a
 * process that gets the lock a moment after another finished does not run the same tick again).
 * On PGlite there is one process: no lock, the claims still keep a tick from running twice.
 *
 * A failing run is logged and recorded; the next tick runs as usual. A tick missed while no
 * process was up runs when one starts (catch-up); ticks are never queued.
 */
import type { Database } from '../db/client';
import { withAdvisoryLock } from '../db/advisory-lock';
import { claimTick, finishRun } from './job-runs.repository';

export type Schedule = { every: number } | { dailyAt: string };

export const everyMinute: Schedule = { every: 60_000 };

export interface Job {
  /** Unique; names the lock and the `job_runs` row. */
  name: string;
  schedule: Schedule;
  /** `tick`: the scheduled time this run stands for (a catch-up run starts later than it). */
  run(tick: Date): Promise<void>;
  /** Also run at every start of a scheduler, claimed or not (idempotent set-up such as partitions). */
  runAtStart?: boolean;
  /** Its catch-up run at start is not awaited by start(): a long computation must not hold the start. */
  background?: boolean;
}

interface SchedulerLog {
  debug(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const day = 86_400_000;

/** Period and offset from the epoch of a schedule, in ms. */
function periodOf(schedule: Schedule): { period: number; offset: number } {
  if ('every' in schedule) {
    if (!(schedule.every > 0)) throw new Error('a job interval must be positive');
    return { period: schedule.every, offset: 0 };
  }
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(schedule.dailyAt);
  if (!match) throw new Error(`dailyAt must be HH:MM, not ${schedule.dailyAt}`);
  return { period: day, offset: Number(match[1]) * 3_600_000 + Number(match[2]) * 60_000 };
}

/** The latest tick at or before `now` (epoch ms). */
export function tickAt(schedule: Schedule, now: number): number {
  const { period, offset } = periodOf(schedule);
  return Math.floor((now - offset) / period) * period + offset;
}

export function createScheduler(options: { database: Database; log: SchedulerLog; now?: () => number }) {
  const { database, log } = options;
  const now = options.now ?? Date.now;
  const jobs = new Map<string, Job>();
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<void>>();
  let stopped = false;

  /** Runs the tick under the job's lock if nobody has claimed it (or `force`); never throws. */
  async function runTick(job: Job, tick: number, force: boolean): Promise<void> {
    const at = new Date(tick);
    try {
      const outcome = await withAdvisoryLock(database, `aforo.job:${job.name}`, async () => {
        if (!(await claimTick(database.db, job.name, at)) && !force) return false;
        const started = Date.now();
        let error: string | null = null;
        try {
          await job.run(at);
        } catch (err) {
          error = err instanceof Error ? err.message : String(err);
          log.error({ err, job: job.name }, 'job failed');
        }
        await finishRun(database.db, job.name, at, error);
        log.debug({ job: job.name, tick: at, ms: Date.now() - started }, 'job ran');
        return true;
      });
      if (!outcome.locked) log.debug({ job: job.name }, 'job running in another process');
    } catch (err) {
      // the database is unreachable, say: the next tick tries again
      log.warn({ err, job: job.name }, 'job not run');
    }
  }

  /** At most one run of a job at a time in this process too: a tick that finds it running is skipped. */
  function attempt(job: Job, tick: number, force = false): Promise<void> {
    if (stopped || running.has(job.name)) return Promise.resolve();
    const run = runTick(job, tick, force).finally(() => running.delete(job.name));
    running.set(job.name, run);
    return run;
  }

  function arm(job: Job, tick: number): void {
    if (stopped) return;
    const { period } = periodOf(job.schedule);
    const timer = setTimeout(
      () => {
        arm(job, tick + period);
        void attempt(job, tick);
      },
      Math.max(0, tick - now()),
    );
    timers.set(job.name, timer);
  }

  return {
    add(job: Job): void {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is scheduled twice`);
      periodOf(job.schedule);
      jobs.set(job.name, job);
    },
    /** Keeps every job's schedule; resolves once what was due at start (catch-up, runAtStart) has run. */
    async start(): Promise<void> {
      const at = now();
      const due = [...jobs.values()].map((job) => {
        const tick = tickAt(job.schedule, at);
        arm(job, tick + periodOf(job.schedule).period);
        const run = attempt(job, tick, job.runAtStart === true);
        return job.background ? Promise.resolve() : run;
      });
      await Promise.all(due);
    },
    /** No new runs; resolves when the running ones have finished. */
    async stop(): Promise<void> {
      stopped = true;
      timers.forEach((timer) => clearTimeout(timer));
      timers.clear();
      await Promise.all(running.values());
    },
  };
}
export type Scheduler = ReturnType<typeof createScheduler>;
