/** Device events (docs/DATA-MODEL.md event types; docs/DEVICE-PROTOCOL.md events topic): the read side. */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { csvSeparatorSchema, listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryBoolean, queryDate } from './common/text';

export const eventTypes = ['ERROR', 'RESTART', 'SYSTEM'] as const;
export const eventTypeSchema = z.enum(eventTypes);
export type EventType = z.infer<typeof eventTypeSchema>;

export const eventOrderFields = ['ts', 'received_at', 'type'] as const;

// events grow with the fleet: pages of at most 1000 rows, every row through GET /api/events/export
export const eventListQuerySchema = pagedListQuerySchema.extend({
  order: z.enum(eventOrderFields).default('ts'),
  type: eventTypeSchema.optional(),
  deviceId: idSchema.optional(),
  /** Events of the device now installed at this point. */
  pointId: idSchema.optional(),
  from: queryDate,
  to: queryDate,
  /** Provider staff: every company's devices instead of the current company's. */
  allCompanies: queryBoolean,
});
export type EventListQuery = z.infer<typeof eventListQuerySchema>;

/** GET /api/events/export: the list's filters, every row in time order (`dir`), as CSV. */
export const eventExportQuerySchema = eventListQuerySchema
  .omit({ page: true, length: true, order: true })
  .extend({ separator: csvSeparatorSchema });
export type EventExportQuery = z.infer<typeof eventExportQuerySchema>;

export const eventSchema = z.object({
  id: idSchema,
  deviceId: idSchema,
  deviceSerial: z.string().nullable(),
  /** The device's current point. */
  pointId: idSchema.nullable(),
  pointName: z.string().nullable(),
  // text as stored: ingestion validates the type, the list never fails on an odd row
  type: z.string(),
  message: z.string().nullable(),
  ts: z.iso.datetime({ offset: true }),
  receivedAt: z.iso.datetime({ offset: true }),
});
export type DeviceEvent = z.infer<typeof eventSchema>;
export const eventListSchema = listResponseSchema(eventSchema);
