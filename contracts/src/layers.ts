import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

export const layerSchema = z.object({
  id: idSchema,
  name: z.string(),
  colour: z.string(),
  viewable: z.boolean(),
  pointIds: z.array(idSchema),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Layer = z.infer<typeof layerSchema>;

export const layerInputSchema = z.object({
  name: requiredText(80),
  colour: safeText().regex(/^#[0-9A-Fa-f]{6}$/),
  viewable: z.boolean().default(true),
  /** The points of the current company shown on this layer (replaces the list). */
  pointIds: z.array(idSchema).max(5000).default([]),
});
export type LayerInput = z.output<typeof layerInputSchema>;

export const layerListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'created_at']).default('name'),
});
export type LayerListQuery = z.infer<typeof layerListQuerySchema>;
export const layerListSchema = listResponseSchema(layerSchema);
