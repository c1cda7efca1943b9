import { z } from 'zod';

const part = z.enum(['up', 'down']);

/**
 * GET /health (docs/OPERATIONS.md, "Faults"): `error` (503) when the database is away; `degraded`
 * (200: the node still serves) when another part this process uses is down — the connection that
 * hears the other processes (`events`, PostgreSQL only) or the external MQTT broker (`broker`, ingest
 * processes only). Parts a process does not use are left out.
 */
export const healthResponseSchema = z.object({
  status: z.enum(['ok', 'degraded', 'error']),
  database: part,
  events: part.optional(),
  broker: part.optional(),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
