/**
 * The loop of the workers whose table is their queue (notifying/worker.ts: notification deliveries;
 * mail/mail-worker.ts: the mail outbox). `claim` takes a batch of due rows and leases them (FOR UPDATE
 * SKIP LOCKED in its SQL, so any number of processes share the work and a worker that dies leaves
 * its rows due again after the lease); `handle` works one row and records the outcome. The loop
 * looks at start, at every kick and every `pollMs`; a full batch means more may be due at once.
 */

interface QueueLog {
  error(obj: object, msg: string): void;
}

export interface QueueWorker {
  /** Claims and handles one batch; returns how many it took (tests drive it directly). */
  runOnce(): Promise<number>;
  /** Starts the loop: a batch now, then at every kick and every `pollMs`. */
  start(): void;
  /** Something was queued: look now rather than at the next poll. */
  kick(): void;
  /** Stops the loop; resolves once the batch in hand is recorded. */
  close(): Promise<void>;
}

/** How often an item is tried and how long it waits between attempts. */
export interface RetryPolicy {
  maxAttempts: number;
  /** Wait before attempt n + 1 after n failed attempts (n ≥ 1). */
  backoffMs(failedAttempts: number): number;
}

/** firstMs, then × factor per failed attempt, never more than capMs. */
export function exponentialBackoff(firstMs: number, factor: number, capMs: number) {
  return (failedAttempts: number): number => Math.min(capMs, firstMs * factor ** (failedAttempts - 1));
}

/** Waits taken from a table (its last entry for any later attempt). */
export function tableBackoff(waitsMs: readonly number[]) {
  return (failedAttempts: number): number =>
    waitsMs[Math.min(Math.max(failedAttempts, 1), waitsMs.length) - 1]!;
}

/** Milliseconds until the next attempt after `failedAttempts` failed ones; null: failed for good. */
export function retryDelayMs(policy: RetryPolicy, failedAttempts: number): number | null {
  return failedAttempts < policy.maxAttempts ? policy.backoffMs(failedAttempts) : null;
}

export function createQueueWorker<T>(options: {
  /** Names the worker in its log lines ("delivery worker round failed"). */
  name: string;
  log: QueueLog;
  claim(limit: number): Promise<T[]>;
  /** Works one claimed item and records its outcome; a throw is logged, the item's lease then runs out. */
  handle(item: T): Promise<void>;
  batchSize?: number;
  pollMs?: number;
}): QueueWorker {
  const { name, log } = options;
  const batchSize = options.batchSize ?? 20;
  const pollMs = options.pollMs ?? 2000;

  async function runOnce(): Promise<number> {
    const claimed = await options.claim(batchSize);
    await Promise.all(
      claimed.map((item) =>
        options.handle(item).catch((err: unknown) => log.error({ err }, `${name} record failed`)),
      ),
    );
    return claimed.length;
  }

  let closed = false;
  let running: Promise<void> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | null = null;

  function kick() {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = null;
    running = (async () => {
      do {
        again = false;
        try {
          // a full batch: more may be due at once
          while (!closed && (await runOnce()) === batchSize);
        } catch (err) {
          log.error({ err }, `${name} worker round failed`);
        }
      } while (again && !closed);
    })().finally(() => {
      running = null;
      if (!closed) timer = setTimeout(kick, pollMs);
    });
  }

  return {
    runOnce,
    start: kick,
    kick,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
