/**
 * Every event Aforo publishes after a commit, with its payload. Events that other processes need
 * carry ids only (they read the rest from the database) and have a wire schema below: those cross
 * processes on PostgreSQL (LISTEN/NOTIFY, payload ≤ 8000 bytes). `measures.committed` has none: it
 * stays in the process whose writer committed the batch, where alerting runs (docs/ALERTS.md).
 */
import { z } from 'zod';
import { alertTypes } from '@aforo/contracts/alert-types';

/** One stored measure of a committed batch: what alert evaluation reads. */
export interface CommittedMeasure {
  deviceId: string;
  port: string;
  pointId: string | null;
  /** Measurement time, epoch milliseconds (a Date per row cost the writer an allocation each). */
  ms: number;
  interpreted: number | null;
  flag: number;
}

/** Payloads of the events delivered to other processes too (ids only). */
export const clusterEvents = {
  /** A device's key, state, point or record changed (or it was deleted). */
  'device.changed': z.object({ deviceId: z.string() }),
  /**
   * What a user's session rests on changed: state, password, profiles or roles, email, default
   * company, deleted or restored (auth/session-cache.ts drops them).
   */
  'user.changed': z.object({ userIds: z.array(z.string()).min(1).max(100) }),
  /** An API token was created, edited or revoked (the /api/v1 look-up drops it). */
  'api-token.changed': z.object({ tokenId: z.string() }),
  /** A company was created, edited, deleted or restored. */
  'company.changed': z.object({ companyId: z.string() }),
  /** A point's parameters or record changed. */
  'point.changed': z.object({ pointId: z.string() }),
  /** Latest values of these points changed (their series evaluated): the live stream pushes them. */
  'series.changed': z.object({ pointIds: z.array(z.string()).max(150) }),
  /**
   * An alert opened, changed state or cleared; `type` (contracts alertTypes) lets listeners skip
   * what is not theirs — an event without it may be of any type.
   */
  'alert.changed': z.object({
    alertId: z.string(),
    pointId: z.string(),
    type: z.enum(alertTypes).optional(),
  }),
  /** Declared for notifying: an in-app notification for a user (the stream pushes it). */
  'notification.created': z.object({ notificationId: z.string(), userId: z.string() }),
  /** Mails queued in the outbox (mail/mailer.ts): the mail worker of a jobs process takes them now. */
  'mail.queued': z.object({ ids: z.array(z.string()).max(100) }),
};
type ClusterEventName = keyof typeof clusterEvents;

export type EventMap = { [K in ClusterEventName]: z.infer<(typeof clusterEvents)[K]> } & {
  /** A batch of measures committed by this process's writer, duplicates left out. */
  'measures.committed': { batchId: string; rows: CommittedMeasure[] };
};
export type EventName = keyof EventMap;

export function isClusterEvent(name: string): name is ClusterEventName {
  return Object.hasOwn(clusterEvents, name);
}

/** What a service or the writer needs: publish an event whose cause has committed. */
export interface EventPublisher {
  publish<K extends EventName>(type: K, payload: EventMap[K]): void;
  /** False when nothing in this process listens (the writer then builds no payload). */
  hasSubscribers(type: EventName): boolean;
}
