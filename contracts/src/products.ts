import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

export const productSchema = z.object({
  id: idSchema,
  /** The code devices send on the wire (topic and payload `product`). */
  code: z.string(),
  name: z.string(),
  models: z.array(z.object({ id: idSchema, name: z.string() })),
  devices: z.number().int(),
  /** Whether unknown devices presenting the product's provisioning key register themselves. */
  hasProvisioningKey: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Product = z.infer<typeof productSchema>;

export const productInputSchema = z.object({
  code: safeText()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9][A-Z0-9_-]{1,19}$/),
  name: requiredText(100),
  modelIds: z.array(idSchema).max(100).default([]),
});
export type ProductInput = z.output<typeof productInputSchema>;

export const productListQuerySchema = listQuerySchema.extend({
  order: z.enum(['code', 'name', 'created_at']).default('code'),
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;
export const productListSchema = listResponseSchema(productSchema);

/** A new provisioning key: shown once in this answer, only its sha256 is stored. */
export const provisioningKeySchema = z.object({ key: z.string() });
export type ProvisioningKey = z.infer<typeof provisioningKeySchema>;
