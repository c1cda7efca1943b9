/** History of changes (docs/DATA-MODEL.md). */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { csvSeparatorSchema, listResponseSchema, pagedListQuerySchema } from './common/paging';
import { queryDate, safeText } from './common/text';

export const entityTypes = [
  'user',
  'company',
  'country',
  'billing_plan',
  'brand',
  'model',
  'product',
  'firmware',
  'network',
  'device',
  'component_type',
  'component',
  'point',
  'layer',
  'alert',
  'incident',
  'report_closure',
  'report_exclusion',
  'api_token',
] as const;
/** Every action the server records (the history screen translates each one). */
export const logActions = [
  'create',
  'update',
  'delete',
  'restore',
  'enable',
  'disable',
  'suspend',
  'unsuspend',
  'activate',
  'renew_activation',
  'password_change',
  'password_restore',
  'import',
  'hard_delete',
  'key_regenerated',
  'provisioning_key_generated',
  'provisioning_key_revoked',
  // the month close and agreed exclusions (docs/REPORTS.md)
  'close_month',
  'accept',
  'dispute',
  'withdraw',
  // API tokens (docs/API.md "API tokens")
  'revoke',
  // device transitions (contracts/src/device-states.ts) and component moves keep their own names
  'review',
  'assign',
  'install',
  'request-maintenance',
  'maintenance',
  'repaired',
  'uninstall',
  'turn-off',
  'decommission',
  'change-state',
  'reincorporate',
  // alert lifecycle (docs/ALERTS.md): the engine's (user null) and the operators'
  'alert_open',
  'alert_clear',
  'acknowledge',
  'shelve',
  'unshelve',
  'incident_start',
  'incident_end',
] as const;

export const logEntrySchema = z.object({
  id: idSchema,
  at: z.iso.datetime({ offset: true }),
  user: z.object({ id: idSchema, email: z.string(), name: z.string() }).nullable(),
  companyId: idSchema.nullable(),
  entityType: z.string(),
  entityId: z.string(),
  /**
   * The item's name as it is now (a point's name, a device's serial, an alert's point…), or null when
   * it has none, is gone, or is not the caller's to read.
   */
  entityName: z.string().nullable(),
  action: z.string(),
  /** {field: [before, after]} */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])),
  /** Names of the ids the changes hold (companyId, pointIds, modelId …) that the caller may read. */
  names: z.record(z.string(), z.string()),
});
export type LogEntry = z.infer<typeof logEntrySchema>;

export const logEntryListQuerySchema = pagedListQuerySchema.extend({
  order: z.enum(['at']).default('at'),
  entityType: safeText().max(50).optional(),
  entityId: safeText().max(100).optional(),
  userId: idSchema.optional(),
  from: queryDate,
  to: queryDate,
});
export type LogEntryListQuery = z.infer<typeof logEntryListQuerySchema>;

/** GET /api/log-entries/export: the list's filters, every entry in time order (`dir`), as CSV. */
export const logEntryExportQuerySchema = logEntryListQuerySchema
  .omit({ page: true, length: true, order: true })
  .extend({ separator: csvSeparatorSchema });
export type LogEntryExportQuery = z.infer<typeof logEntryExportQuerySchema>;
export const logEntryListSchema = listResponseSchema(logEntrySchema);
