import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

export const portTypes = ['pressure', 'current_4_20', 'ultrasonic', 'radar', 'pulse'] as const;
export const portTypeSchema = z.enum(portTypes);
export type PortType = z.infer<typeof portTypeSchema>;

export const portSchema = z.object({
  /** The name the device uses on the wire, e.g. ai1. */
  key: safeText()
    .trim()
    .regex(/^[a-z][a-z0-9_]{0,19}$/),
  type: portTypeSchema,
  label: requiredText(60),
  /**
   * Raw values the sensor sends instead of a reading (e.g. -9999 when a radar loses its echo):
   * stored with flag 4 and no interpreted value (docs/MEASURES.md).
   */
  sentinels: z.array(z.number().finite()).max(8).optional(),
});
export type Port = z.infer<typeof portSchema>;

export const modelSchema = z.object({
  id: idSchema,
  brand: z.object({ id: idSchema, abbreviation: z.string() }),
  name: z.string(),
  ports: z.array(portSchema),
  devices: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Model = z.infer<typeof modelSchema>;

export const modelInputSchema = z.object({
  brandId: idSchema,
  name: requiredText(60),
  ports: z
    .array(portSchema)
    .min(1)
    .max(16)
    .refine((ports) => new Set(ports.map((p) => p.key)).size === ports.length, {
      message: 'duplicate port key',
    }),
});
export type ModelInput = z.output<typeof modelInputSchema>;

export const modelListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'created_at']).default('name'),
  brandId: idSchema.optional(),
});
export type ModelListQuery = z.infer<typeof modelListQuerySchema>;
export const modelListSchema = listResponseSchema(modelSchema);
