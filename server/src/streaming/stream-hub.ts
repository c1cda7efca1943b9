/**
 * The live stream's hub (GET /api/stream, docs/API.md): the open connections of this API process by
 * company, fed by the event bus — `series.changed` (from whichever process evaluated the batch),
 * `alert.changed`, `notification.created`. Cues are gathered for a short moment and read once for all
 * the connections (one query per flush, not one per client), then written to each connection of the
 * company (or of the user, for notifications).
 *
 * Every message gets an id `<hub>.<seq>`; the last `replayMessages` of each company are kept, so a
 * client that reconnects with Last-Event-ID gets what it missed, or `resync` when that is gone (or the
 * id is another process's): then it refetches.
 *
 * Provider staff in the network view (docs/WEB.md "All companies") open a network stream: it gets the
 * latest values and alerts of every company and the user's own notifications. Its reconnects are told
 * to resync (what is kept is per company; a network client refetches its lists instead).
 */
import { randomUUID } from 'node:crypto';
import { maxStreamsPerUser, type StreamEventName } from '@aforo/contracts/stream';
import type { Db } from '../db/client';
import type { EventBus } from '../events/event-bus';
import { toAlert } from '../alerting/alerts.mapper';
import { createAlertsRepository } from '../alerting/alerts.repository';
import { toNotification } from '../notifying/notifications.mapper';
import { createNotificationsRepository } from '../notifying/notifications.repository';
import { latestOfPoints } from './stream.repository';
import { streamMetrics } from '../observability/metrics';

export interface StreamConnection {
  userId: string;
  companyId: string;
  /** Every company's messages (provider staff's network view); `companyId` is then only the caller's. */
  network?: boolean;
  /** Writes one SSE message; false when the client is too far behind (the hub then closes it). */
  write(text: string): boolean;
  close(): void;
}

interface Kept {
  seq: number;
  /** Only for this user (notifications); null: the whole company. */
  userId: string | null;
  text: string;
}

const replayMessages = 500;
const flushMs = 100;
/** A company whose last stream closed this recently is still followed, so a reconnect can replay. */
const followAfterCloseMs = 2 * 60_000;

export function createStreamHub(options: {
  db: Db;
  events: EventBus;
  log: { warn(o: object, m: string): void };
}) {
  const { db, events, log } = options;
  const hubId = randomUUID().slice(0, 8);
  let seq = 0;
  const byCompany = new Map<string, Set<StreamConnection>>();
  const network = new Set<StreamConnection>();
  /** Companies without an open stream now, with when their last one closed. */
  const recentlyLeft = new Map<string, number>();

  /** The companies whose messages are built: open streams, or closed moments ago; 'all' for a network stream. */
  function followed(): string[] | 'all' {
    const cutoff = Date.now() - followAfterCloseMs;
    for (const [companyId, at] of recentlyLeft)
      if (at < cutoff) {
        recentlyLeft.delete(companyId);
        kept.delete(companyId);
      }
    if (network.size > 0) return 'all';
    return [...byCompany.keys(), ...recentlyLeft.keys()];
  }
  const follows = (companyId: string) => {
    const companies = followed();
    return companies === 'all' || companies.includes(companyId);
  };
  const nobodyListens = () => byCompany.size === 0 && recentlyLeft.size === 0 && network.size === 0;
  const kept = new Map<string, Kept[]>();
  const pendingPoints = new Set<string>();
  const pendingAlerts = new Set<string>();
  let timer: NodeJS.Timeout | null = null;
  const alertsRepo = createAlertsRepository(db);
  const notificationsRepo = createNotificationsRepository(db);

  function format(id: string, event: StreamEventName, data: unknown) {
    return `id: ${id}\nevent: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
  }

  function send(companyId: string, event: StreamEventName, data: unknown, userId: string | null = null) {
    seq += 1;
    const text = format(`${hubId}.${seq}`, event, data);
    const list = kept.get(companyId) ?? [];
    list.push({ seq, userId, text });
    if (list.length > replayMessages) list.splice(0, list.length - replayMessages);
    kept.set(companyId, list);
    for (const connection of byCompany.get(companyId) ?? [])
      if (userId === null || connection.userId === userId) write(connection, text);
    for (const connection of network)
      if (userId === null || connection.userId === userId) write(connection, text);
  }

  function write(connection: StreamConnection, text: string) {
    if (!connection.write(text)) {
      // a client that cannot keep up is dropped: it reconnects with Last-Event-ID and catches up
      log.warn({ userId: connection.userId }, 'stream client too slow, closed');
      connection.close();
    }
  }

  async function flush() {
    timer = null;
    const companies = followed();
    const points = [...pendingPoints];
    const alertIds = [...pendingAlerts];
    pendingPoints.clear();
    pendingAlerts.clear();
    if (companies !== 'all' && companies.length === 0) return;
    const latest = await latestOfPoints(db, points, companies);
    const rowsByCompany = new Map<string, typeof latest>();
    for (const row of latest)
      rowsByCompany.set(row.companyId, [...(rowsByCompany.get(row.companyId) ?? []), row]);
    for (const [companyId, rows] of rowsByCompany)
      send(companyId, 'latest', {
        rows: rows.map((r) => ({
          pointId: r.pointId,
          port: r.port,
          ts: r.ts.toISOString(),
          interpreted: r.interpreted,
          flag: r.flag,
          alertLevel: r.alertLevel,
        })),
      });
    const now = new Date();
    for (const row of await alertsRepo.findManyAcrossCompanies(alertIds))
      if (companies === 'all' || companies.includes(row.companyId))
        send(row.companyId, 'alert', toAlert(row, now));
  }

  function schedule() {
    if (timer || nobodyListens()) return;
    timer = setTimeout(() => {
      flush().catch((err: unknown) => log.warn({ err }, 'stream flush failed'));
    }, flushMs);
  }

  const offs = [
    events.on('series.changed', ({ pointIds }) => {
      // nobody followed: nothing gathered (the sets stay bounded by what one flush reads)
      if (nobodyListens()) return;
      for (const id of pointIds) pendingPoints.add(id);
      schedule();
    }),
    events.on('alert.changed', ({ alertId }) => {
      if (nobodyListens()) return;
      pendingAlerts.add(alertId);
      schedule();
    }),
    // from whichever process routed or released it: read once here, pushed to its user's streams
    events.on('notification.created', async ({ notificationId, userId }) => {
      if (!followsUser(userId)) return;
      const row = await notificationsRepo.findShown(notificationId);
      if (row && follows(row.companyId)) hub.notify(row.companyId, row.userId, toNotification(row));
    }),
  ];

  /** Whether this hub holds (or held moments ago) a stream of the user, in any company. */
  function followsUser(userId: string): boolean {
    if (recentlyLeft.size > 0) return true;
    for (const c of network) if (c.userId === userId) return true;
    for (const set of byCompany.values()) for (const c of set) if (c.userId === userId) return true;
    return false;
  }

  const hub = {
    /** Registers a connection; replays what it missed after `lastEventId`, or tells it to resync. */
    open(connection: StreamConnection, lastEventId: string | undefined) {
      if (connection.network === true) {
        const mine = [...network].filter((c) => c.userId === connection.userId);
        if (mine.length >= maxStreamsPerUser) mine[0]!.close();
        network.add(connection);
        if (lastEventId !== undefined) write(connection, format(`${hubId}.${seq}`, 'resync', {}));
        return;
      }
      const set = byCompany.get(connection.companyId) ?? new Set();
      const mine = [...set].filter((c) => c.userId === connection.userId);
      if (mine.length >= maxStreamsPerUser) mine[0]!.close();
      byCompany.set(connection.companyId, set.add(connection));
      recentlyLeft.delete(connection.companyId);
      if (lastEventId === undefined) return;
      const [hub, n] = lastEventId.split('.');
      const after = Number(n);
      const list = kept.get(connection.companyId) ?? [];
      const oldest = list[0]?.seq ?? seq + 1;
      // nothing lost when the id is the newest sent, or still within what is kept
      if (hub === hubId && Number.isInteger(after) && after <= seq && after >= oldest - 1) {
        for (const m of list)
          if (m.seq > after && (m.userId === null || m.userId === connection.userId))
            write(connection, m.text);
      } else {
        write(connection, format(`${hubId}.${seq}`, 'resync', {}));
      }
    },
    closeConnection(connection: StreamConnection) {
      if (network.delete(connection)) return;
      const set = byCompany.get(connection.companyId);
      set?.delete(connection);
      if (set?.size === 0) {
        byCompany.delete(connection.companyId);
        recentlyLeft.set(connection.companyId, Date.now());
      }
    },
    /** Pushes an in-app notification to its user's open streams (notifying calls it). */
    notify(companyId: string, userId: string, data: { id: string } & Record<string, unknown>) {
      send(companyId, 'notification', data, userId);
    },
    connections: () => [...byCompany.values()].reduce((n, s) => n + s.size, network.size),
    async close() {
      untrackClients();
      offs.forEach((off) => off());
      if (timer) clearTimeout(timer);
      for (const set of byCompany.values()) for (const c of set) c.close();
      for (const c of network) c.close();
      byCompany.clear();
      network.clear();
    },
  };
  const untrackClients = streamMetrics.clients.track(hub.connections);
  return hub;
}
export type StreamHub = ReturnType<typeof createStreamHub>;
