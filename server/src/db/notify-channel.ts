/**
 * Events between processes over PostgreSQL LISTEN/NOTIFY (events/event-bus.ts). LISTEN holds a
 * connection of its own, outside the pool (a pooled connection would be handed to queries and
 * lose its LISTEN); when it drops it reconnects with back-off and reports a resync, since
 * notifications sent meanwhile are gone. NOTIFY goes through the pool, after the commit.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { EventTransport } from '../events/event-bus';
import type { Database } from './client';

export const eventsChannel = 'aforo_events';

interface ChannelLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface NotifyChannelOptions {
  channel?: string;
  /** First reconnection delay; doubles up to maxDelayMs. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export function createNotifyChannel(
  database: Database,
  log: ChannelLog,
  options: NotifyChannelOptions = {},
): EventTransport {
  if (!database.url) throw new Error('LISTEN/NOTIFY needs PostgreSQL');
  const url = database.url;
  const channel = options.channel ?? eventsChannel;
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 15_000;
  let client: pg.Client | null = null;
  let closed = false;
  let failures = 0;
  let timer: NodeJS.Timeout | undefined;
  let handlers: Parameters<EventTransport['start']>[0] | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url, application_name: 'aforo-events' });
    // an error on the listening connection (server restart, network) means: connect again
    next.on('error', (err) => lost(next, err));
    next.on('end', () => lost(next));
    next.on('notification', (n) => {
      if (n.channel === channel && n.payload !== undefined) handlers?.onMessage(n.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN "${channel}"`);
    } catch (err) {
      await next.end().catch(() => undefined);
      throw err;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }

  function lost(which: pg.Client, err?: unknown): void {
    if (client !== which || closed) return;
    client = null;
    log.warn({ err }, 'event listener connection lost; reconnecting');
    which.end().catch(() => undefined);
    retry();
  }

  function retry(): void {
    const delay = Math.min(maxDelay, minDelay * 2 ** failures);
    timer = setTimeout(() => {
      connect().then(
        () => {
          failures = 0;
          if (closed) return;
          log.info({}, 'event listener reconnected');
          handlers?.onResync();
        },
        (err: unknown) => {
          failures += 1;
          if (closed) return;
          log.warn(
            { err, retryInMs: Math.min(maxDelay, minDelay * 2 ** failures) },
            'event listener cannot connect',
          );
          retry();
        },
      );
    }, delay);
    timer.unref();
  }

  return {
    async send(message) {
      await database.db.execute(sql`select pg_notify(${channel}, ${message})`);
    },
    async start(h) {
      handlers = h;
      await connect();
    },
    connected: () => client !== null,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
