/**
 * GET /api/stream (docs/API.md, docs/ALERTS.md): Server-Sent Events of the current company. Each message has an
 * `id` (send it back as Last-Event-ID to resume), an `event` name below and JSON `data`.
 * - `latest`: new latest values of some series (what the monitoring list and map show);
 * - `alert`: an alert opened, changed state or cleared (the whole alert, as GET /api/alerts/{id});
 * - `notification`: an in-app notification for the signed-in user;
 * - `resync`: the server cannot replay what was missed since Last-Event-ID: refetch what is shown.
 */
import { z } from 'zod';
import { alertSchema } from './alerts';
import { idSchema } from './common/ids';
import { alertLevels } from './constants';

export const streamLatestSchema = z.object({
  pointId: idSchema,
  port: z.string(),
  ts: z.iso.datetime({ offset: true }),
  interpreted: z.number().nullable(),
  flag: z.number().int(),
  /** Worst active alert of the series or of its whole point. */
  alertLevel: z.enum(alertLevels),
});
export type StreamLatest = z.infer<typeof streamLatestSchema>;

export const streamEvents = {
  latest: z.object({ rows: z.array(streamLatestSchema) }),
  alert: alertSchema,
  notification: z.object({ id: idSchema }).passthrough(),
  resync: z.object({}),
} as const;
export type StreamEventName = keyof typeof streamEvents;
export type StreamEventData<K extends StreamEventName> = z.infer<(typeof streamEvents)[K]>;

/** Seconds between keep-alive comments (proxies close idle connections). */
export const streamHeartbeatSeconds = 20;
/** Open streams per user; a new one beyond closes that user's oldest. */
export const maxStreamsPerUser = 5;
