import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText } from './common/text';

export const networkTypes = ['4G', 'NB-IoT', 'LTE-M', 'LoRaWAN', 'Sigfox', 'Satellite', 'Ethernet'] as const;

export const networkSchema = z.object({
  id: idSchema,
  name: z.string(),
  type: z.enum(networkTypes),
  devices: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Network = z.infer<typeof networkSchema>;

export const networkInputSchema = z.object({ name: requiredText(60), type: z.enum(networkTypes) });
export type NetworkInput = z.output<typeof networkInputSchema>;

export const networkListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'type', 'created_at']).default('name'),
});
export type NetworkListQuery = z.infer<typeof networkListQuerySchema>;
export const networkListSchema = listResponseSchema(networkSchema);
