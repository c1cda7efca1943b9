import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { safeText } from './common/text';

export const firmwareSchema = z.object({
  id: idSchema,
  version: z.string(),
  model: z.object({ id: idSchema, name: z.string() }),
  devices: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Firmware = z.infer<typeof firmwareSchema>;

export const firmwareInputSchema = z.object({
  version: safeText()
    .trim()
    .regex(/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/),
  modelId: idSchema,
});
export type FirmwareInput = z.output<typeof firmwareInputSchema>;

export const firmwareListQuerySchema = listQuerySchema.extend({
  order: z.enum(['version', 'created_at']).default('created_at'),
  modelId: idSchema.optional(),
});
export type FirmwareListQuery = z.infer<typeof firmwareListQuerySchema>;
export const firmwareListSchema = listResponseSchema(firmwareSchema);
