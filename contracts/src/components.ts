import { z } from 'zod';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { requiredText, safeText } from './common/text';

export const componentStates = ['Inactive', 'Installed', 'Decommissioned'] as const;

export const componentSchema = z.object({
  id: idSchema,
  /** `companyId` owns the type; a `shared` (provider) type may go to any company's points. */
  type: z.object({
    id: idSchema,
    name: z.string(),
    enabled: z.boolean(),
    companyId: idSchema,
    shared: z.boolean(),
  }),
  serial: z.string(),
  values: z.record(z.string(), z.unknown()),
  state: z.enum(componentStates),
  device: z.object({ id: idSchema, serial: z.string() }).nullable(),
  point: z.object({ id: idSchema, name: z.string() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type Component = z.infer<typeof componentSchema>;

export const componentInputSchema = z.object({
  typeId: idSchema,
  serial: requiredText(60),
  values: z
    .record(safeText().max(60), z.union([safeText().max(2000), z.number(), z.boolean(), z.null()]))
    .default({}),
});
export type ComponentInput = z.output<typeof componentInputSchema>;

/** Install at a point (with the device there); `force` confirms replacing a component already installed. */
export const componentInstallSchema = z.object({ pointId: idSchema, force: z.boolean().default(false) });
export type ComponentInstall = z.output<typeof componentInstallSchema>;

export const componentActions = ['uninstall', 'decommission', 'reincorporate'] as const;

export const componentListQuerySchema = listQuerySchema.extend({
  order: z.enum(['serial', 'created_at']).default('serial'),
  typeId: idSchema.optional(),
  state: z.enum(componentStates).optional(),
  pointId: idSchema.optional(),
});
export type ComponentListQuery = z.infer<typeof componentListQuerySchema>;
export const componentListSchema = listResponseSchema(componentSchema);
