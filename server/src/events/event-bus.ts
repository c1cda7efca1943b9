/**
 * The event bus: publish only what has committed (services go through `afterCommit` of
 * db/transaction.ts; the batch writer publishes after its acknowledgements), delivered in this
 * process and, for the events of `clusterEvents`, to the other processes through a transport
 * (db/notify-channel.ts on PostgreSQL). A process ignores its own messages: it delivered them here.
 *
 * Delivery never runs in the publisher's turn (setImmediate) and never fails it; each subscription
 * gets its events one at a time, in publish order, so a slow subscriber delays only itself.
 */
import { randomUUID } from 'node:crypto';
import {
  clusterEvents,
  isClusterEvent,
  type EventMap,
  type EventName,
  type EventPublisher,
} from './event-map';

/** How messages reach the other processes. */
export interface EventTransport {
  /** Sends one message to every listening process (ourselves included). */
  send(message: string): Promise<void>;
  /** Resolves once listening; `onResync` after a reconnection (messages may have been missed). */
  start(handlers: { onMessage(message: string): void; onResync(): void }): Promise<void>;
  close(): Promise<void>;
  /** False while the connection that hears the other processes is lost (GET /health shows it). */
  connected?(): boolean;
}

interface BusLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface EventBus extends EventPublisher {
  /** This process's id in the messages it sends. */
  readonly origin: string;
  on<K extends EventName>(type: K, handler: (payload: EventMap[K]) => unknown): () => void;
  /**
   * A handler called in the publisher's own turn, before publish() returns (and on receipt from
   * another process): for dropping cache entries, so the publisher's next call cannot read what the
   * event says has changed. It must be quick and synchronous; what it throws is logged.
   */
  onNow<K extends EventName>(type: K, handler: (payload: EventMap[K]) => void): () => void;
  /** Called after the transport lost its connection and got it back: caches may be stale. */
  onResync(handler: () => void): () => void;
  /** Starts listening to the other processes (no-op without a transport). */
  start(): Promise<void>;
  /** False while the transport has lost its connection (always true without one). */
  connected(): boolean;
  /**
   * Work a handler started and returned without awaiting (events gathered into one batch, since
   * a subscription gets its events one at a time): idle() waits for it too.
   */
  track(work: Promise<unknown>): void;
  /** Resolves when every event published so far has been handled and sent. */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** NOTIFY refuses payloads of 8000 bytes or more. */
const maxMessageBytes = 7999;

interface Subscription {
  handler: (payload: never) => unknown;
  tail: Promise<void>;
}

export function createEventBus(options: { log: BusLog; transport?: EventTransport }): EventBus {
  const { log, transport } = options;
  const origin = randomUUID();
  const subscriptions = new Map<EventName, Set<Subscription>>();
  const resyncHandlers = new Set<() => void>();
  const nowHandlers = new Map<EventName, Set<(payload: never) => void>>();
  let busy = 0;
  const idleWaiters: Array<() => void> = [];

  function begin() {
    busy += 1;
  }
  function end() {
    busy -= 1;
    if (busy === 0) idleWaiters.splice(0).forEach((resolve) => resolve());
  }

  function deliverNow(type: EventName, payload: unknown): void {
    for (const handler of nowHandlers.get(type) ?? []) {
      try {
        handler(payload as never);
      } catch (err) {
        log.error({ err, event: type }, 'event handler failed');
      }
    }
  }

  function deliver(type: EventName, payload: unknown): void {
    deliverNow(type, payload);
    const subs = subscriptions.get(type);
    if (!subs || subs.size === 0) return;
    begin();
    setImmediate(() => {
      for (const sub of subs) {
        begin();
        sub.tail = sub.tail
          .then(() => sub.handler(payload as never))
          .then(
            () => undefined,
            (err: unknown) => log.error({ err, event: type }, 'event handler failed'),
          )
          .finally(end);
      }
      end();
    });
  }

  function send(type: EventName, payload: unknown): void {
    if (!transport || !isClusterEvent(type)) return;
    const message = JSON.stringify({ o: origin, t: type, p: payload });
    if (Buffer.byteLength(message) > maxMessageBytes) {
      log.error({ event: type, bytes: Buffer.byteLength(message) }, 'event too large for other processes');
      return;
    }
    begin();
    transport
      .send(message)
      .catch((err: unknown) => log.warn({ err, event: type }, 'event not sent to other processes'))
      .finally(end);
  }

  function receive(message: string): void {
    let parsed: { o?: unknown; t?: unknown; p?: unknown };
    try {
      parsed = JSON.parse(message) as typeof parsed;
    } catch {
      log.warn({ message: message.slice(0, 200) }, 'unreadable event from another process');
      return;
    }
    if (parsed.o === origin) return;
    const type = typeof parsed.t === 'string' && isClusterEvent(parsed.t) ? parsed.t : null;
    const payload = type && clusterEvents[type].safeParse(parsed.p);
    if (!type || !payload?.success) {
      log.warn({ event: parsed.t }, 'unknown event from another process');
      return;
    }
    deliver(type, payload.data);
  }

  function idle(): Promise<void> {
    if (busy === 0) return Promise.resolve();
    return new Promise((resolve) => idleWaiters.push(resolve));
  }

  return {
    origin,
    publish(type, payload) {
      deliver(type, payload);
      send(type, payload);
    },
    hasSubscribers: (type) => (subscriptions.get(type)?.size ?? 0) + (nowHandlers.get(type)?.size ?? 0) > 0,
    on(type, handler) {
      const sub: Subscription = { handler: handler as Subscription['handler'], tail: Promise.resolve() };
      const subs = subscriptions.get(type) ?? new Set();
      subscriptions.set(type, subs.add(sub));
      return () => subs.delete(sub);
    },
    onNow(type, handler) {
      const handlers = nowHandlers.get(type) ?? new Set();
      nowHandlers.set(type, handlers.add(handler as (payload: never) => void));
      return () => handlers.delete(handler as (payload: never) => void);
    },
    onResync(handler) {
      resyncHandlers.add(handler);
      return () => resyncHandlers.delete(handler);
    },
    async start() {
      await transport?.start({
        onMessage: receive,
        onResync: () =>
          resyncHandlers.forEach((handler) => {
            try {
              handler();
            } catch (err) {
              log.error({ err }, 'event resync handler failed');
            }
          }),
      });
    },
    connected: () => transport?.connected?.() ?? true,
    track(work) {
      begin();
      work.then(
        () => end(),
        (err: unknown) => {
          log.error({ err }, 'event handler failed');
          end();
        },
      );
    },
    idle,
    async close() {
      await transport?.close();
      await idle();
    },
  };
}

/**
 * A bus of this process alone with no listener yet: for the seed and one-off checks that run before
 * any engine subscribes (what they publish reaches nobody, as no process is listening then).
 */
export function createLocalBus(): EventBus {
  const quiet = () => undefined;
  return createEventBus({ log: { warn: quiet, error: quiet } });
}
