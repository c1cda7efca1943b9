/**
 * Notification configurations (docs/ALERTS.md, docs/VALIDATION.md "a notification configuration needs at least one
 * alert and at least one role or user"): which alert types of the company reach whom, by which
 * channels, and who is told when an alert stays unacknowledged. ADMIN and ADMIN_CLIENTE manage them;
 * a client's admin names only the client roles (the provider's global roles reach provider staff:
 * the server refuses them from a client admin with AL1005).
 */
import { z } from 'zod';
import { alertTypes } from './alert-types';
import { idSchema } from './common/ids';
import { listQuerySchema, listResponseSchema } from './common/paging';
import { optionalText, requiredText, safeText } from './common/text';
import { roleSchema } from './roles';

/** In-app is always on; e-mail and webhook are optional. */
export const notificationChannels = ['in_app', 'email', 'webhook'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** http(s) only, no credentials in the URL (they would be stored and shown). */
export const webhookUrlSchema = safeText()
  .trim()
  .max(500)
  .pipe(z.url({ protocol: /^https?$/ }))
  // zod runs this refinement even when the url check failed: never throw on a malformed value
  .refine((v) => URL.canParse(v) && !new URL(v).username && !new URL(v).password, { message: 'invalid' });

const recipients = {
  roles: z.array(roleSchema).max(10).default([]),
  userIds: z.array(idSchema).max(200).default([]),
};

export const notificationEscalationSchema = z.object({
  /** Still unacknowledged this many minutes after it opened: the escalation recipients are told. */
  afterMinutes: z
    .number()
    .int()
    .min(5)
    .max(24 * 60),
  ...recipients,
});

export const notificationConfigInputSchema = z
  .object({
    name: requiredText(120),
    enabled: z.boolean().default(true),
    alertTypes: z.array(z.enum(alertTypes)).max(alertTypes.length).default([]),
    ...recipients,
    email: z.boolean().default(false),
    webhookUrl: webhookUrlSchema.nullish().transform((v) => v ?? null),
    /** Also tell when an alert clears ("resolved"). */
    notifyResolved: z.boolean().default(true),
    escalation: notificationEscalationSchema.nullish().transform((v) => v ?? null),
    /**
     * Limit to these points and the points of these layers of the company (docs/ALERTS.md, "Limited
     * to points or layers"); both empty = every point.
     */
    pointIds: z.array(idSchema).max(500).default([]),
    layerIds: z.array(idSchema).max(100).default([]),
    description: optionalText(500),
  })
  .superRefine((c, ctx) => {
    if (c.alertTypes.length === 0)
      ctx.addIssue({ code: 'custom', path: ['alertTypes'], message: 'notificationAlertTypes' });
    if (c.roles.length + c.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['roles'], message: 'notificationRecipients' });
    if (c.escalation && c.escalation.roles.length + c.escalation.userIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['escalation', 'roles'], message: 'notificationRecipients' });
  });
export type NotificationConfigInput = z.input<typeof notificationConfigInputSchema>;
export type NotificationConfigInputParsed = z.output<typeof notificationConfigInputSchema>;

const namedRef = z.object({ id: idSchema, name: z.string() });

export const notificationConfigSchema = z.object({
  id: idSchema,
  companyId: idSchema,
  name: z.string(),
  enabled: z.boolean(),
  alertTypes: z.array(z.enum(alertTypes)),
  roles: z.array(roleSchema),
  users: z.array(z.object({ id: idSchema, name: z.string(), email: z.string() })),
  email: z.boolean(),
  webhookUrl: z.string().nullable(),
  /** The key of X-Aforo-Signature (HMAC-SHA256 of the body): the receiver checks it. */
  webhookSecret: z.string().nullable(),
  notifyResolved: z.boolean(),
  escalation: z
    .object({
      afterMinutes: z.number().int(),
      roles: z.array(roleSchema),
      users: z.array(z.object({ id: idSchema, name: z.string(), email: z.string() })),
    })
    .nullable(),
  /** The limit (both empty = every point of the company). */
  points: z.array(namedRef),
  layers: z.array(namedRef),
  description: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type NotificationConfig = z.infer<typeof notificationConfigSchema>;

export const notificationConfigListQuerySchema = listQuerySchema.extend({
  order: z.enum(['name', 'created_at']).default('name'),
});
export type NotificationConfigListQuery = z.infer<typeof notificationConfigListQuerySchema>;
export const notificationConfigListSchema = listResponseSchema(notificationConfigSchema);
