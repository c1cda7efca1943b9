/**
 * Notifying (docs/ALERTS.md): the companies' notification configs, the in-app notifications of each
 * recipient, the delivery queue (one row per recipient and channel, worked with FOR UPDATE SKIP
 * LOCKED: the table is the queue) and each user's quiet hours per company.
 */
import { sql } from 'drizzle-orm';
import type { AlertType } from '@aforo/contracts/alert-types';
import type { NotificationChannel } from '@aforo/contracts/notification-configs';
import type { DeliveryStatus, NotificationKind } from '@aforo/contracts/notifications';
import type { Role } from '@aforo/contracts/roles';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { alerts, incidents } from './alerts';
import { companies } from './companies';
import { users } from './users';

export const notificationConfigs = pgTable(
  'notification_configs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    alertTypes: text('alert_types').array().$type<AlertType[]>().notNull().default([]),
    roles: text('roles').array().$type<Role[]>().notNull().default([]),
    /** Users chosen by name (each had a profile in the company when saved). */
    userIds: uuid('user_ids').array().notNull().default([]),
    email: boolean('email').notNull().default(false),
    webhookUrl: text('webhook_url'),
    /** Key of X-Aforo-Signature: 32 random bytes (hex), made when the config is created. */
    webhookSecret: text('webhook_secret').notNull(),
    notifyResolved: boolean('notify_resolved').notNull().default(true),
    /** Null: no escalation. */
    escalationAfterMinutes: integer('escalation_after_minutes'),
    escalationRoles: text('escalation_roles').array().$type<Role[]>().notNull().default([]),
    escalationUserIds: uuid('escalation_user_ids').array().notNull().default([]),
    /** Limited to these points and the points of these layers; both empty = every point. */
    pointIds: uuid('point_ids').array().notNull().default([]),
    layerIds: uuid('layer_ids').array().notNull().default([]),
    description: text('description'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_configs_company_idx').on(t.companyId)],
);

/**
 * An in-app notification of one user in one company. Shown (listed, pushed) from `delivered_at`:
 * a notification held by quiet hours or an outage has none until it is released (or never, when
 * a digest gathers it).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    /** Digest: the alerts it gathers. */
    alertIds: uuid('alert_ids').array().notNull().default([]),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** alert:transition:user (or digest:…): a second routing of the same event inserts nothing. */
    dedupeKey: text('dedupe_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notifications_dedupe_key').on(t.dedupeKey),
    index('notifications_user_company_idx').on(t.userId, t.companyId, t.deliveredAt),
    // retention deletes the oldest in batches
    index('notifications_created_idx').on(t.createdAt),
  ],
);

/**
 * The delivery queue and its record (per recipient and channel). queued: due at `not_before` (null:
 * now); held: waits for the end of quiet hours (`not_before`) or of an outage (`incident_id`);
 * sent; failed (after the last attempt). A claimed row stays queued with `not_before` pushed past
 * the send's time limit, so a worker that dies mid-send leaves it due again.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    configId: uuid('config_id').references(() => notificationConfigs.id, { onDelete: 'set null' }),
    notificationId: uuid('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    alertId: uuid('alert_id').references(() => alerts.id, { onDelete: 'set null' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    channel: text('channel').$type<NotificationChannel>().notNull(),
    recipientUserId: uuid('recipient_user_id').references(() => users.id, { onDelete: 'cascade' }),
    recipientUrl: text('recipient_url'),
    status: text('status').$type<DeliveryStatus>().notNull().default('queued'),
    /** quiet_hours | incident while held */
    holdReason: text('hold_reason'),
    incidentId: uuid('incident_id').references(() => incidents.id),
    /** The digest notification that delivered this held one. */
    digestId: uuid('digest_id').references(() => notifications.id, { onDelete: 'set null' }),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    notBefore: timestamp('not_before', { withTimezone: true }),
    /** alert + transition + recipient + channel: a re-delivered event never doubles. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** Webhook: the body without sentAt; e-mail: subject and text. */
    payload: jsonb('payload'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('notification_deliveries_idempotency_key').on(t.idempotencyKey),
    index('notification_deliveries_due_idx')
      .on(t.notBefore)
      .where(sql`${t.status} = 'queued'`),
    index('notification_deliveries_held_idx')
      .on(t.holdReason, t.notBefore)
      .where(sql`${t.status} = 'held'`),
    index('notification_deliveries_company_created_idx').on(t.companyId, t.createdAt),
    // retention: the oldest in batches, and deleting a notification sets these null without a scan
    index('notification_deliveries_created_idx').on(t.createdAt),
    index('notification_deliveries_notification_idx')
      .on(t.notificationId)
      .where(sql`${t.notificationId} is not null`),
    index('notification_deliveries_digest_idx')
      .on(t.digestId)
      .where(sql`${t.digestId} is not null`),
  ],
);

/**
 * Which transitions of an alert were routed (firing, resolved, escalation:<config>): the router
 * and the sweep that catches what a lost event missed insert here first, ON CONFLICT DO NOTHING.
 */
export const notificationRoutings = pgTable(
  'notification_routings',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    transition: text('transition').notNull(),
    routedAt: timestamp('routed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.transition] })],
);

/** A user's quiet hours in one company, HH:MM in the company's time zone (`from` > `to` crosses midnight). */
export const notificationQuietHours = pgTable(
  'notification_quiet_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    from: text('from').notNull(),
    to: text('to').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.companyId] })],
);
