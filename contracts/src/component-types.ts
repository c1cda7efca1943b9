import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

/** One dynamic field of a component type: the values each component of the type carries. */
export const dynamicFieldSchema = z.object({
  key: safeText().regex(/^[a-z][a-z0-9_]{0,29}$/),
  label: requiredText(60),
  type: z.enum(['text', 'number', 'date', 'boolean']),
  required: z.boolean().default(false),
});

export const componentTypeSchema = z.object({
  id: idSchema,
  name: z.string(),
  magnitude: z.string(),
  measureType: z.string(),
  dynamicFields: z.array(dynamicFieldSchema),
  enabled: z.boolean(),
  components: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type ComponentType = z.infer<typeof componentTypeSchema>;

export const componentTypeInputSchema = z.object({
  name: requiredText(80),
  magnitude: requiredText(40),
  measureType: requiredText(40),
  dynamicFields: z.array(dynamicFieldSchema).max(30).default([]),
  enabled: z.boolean().default(true),
});
export type ComponentTypeInput = z.output<typeof componentTypeInputSchema>;

export const componentTypeListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'created_at']).default('name'),
});
export type ComponentTypeListQuery = z.infer<typeof componentTypeListQuerySchema>;
export const componentTypeListSchema = listResponseSchema(componentTypeSchema);
