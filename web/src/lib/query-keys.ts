/**
 * The TanStack Query keys of every API resource, in one place: features refresh each other's data
 * (a device or layer change refreshes points) through these, never through keys spelled by hand.
 * Every key of a resource starts with its root, so invalidating `all` drops its lists, items and
 * selector options together.
 */
import type { QueryValue } from './api';

export type ListParams = Record<string, QueryValue>;

export function resourceKeys<Root extends string>(root: Root) {
  return {
    all: [root] as const,
    list: (params: ListParams) => [root, 'list', params] as const,
    detail: (id: string | null) => [root, 'detail', id] as const,
  };
}
export type ResourceKeys = ReturnType<typeof resourceKeys>;

export const queryKeys = {
  // device catalogue
  brands: resourceKeys('brands'),
  models: resourceKeys('models'),
  products: resourceKeys('products'),
  firmwares: resourceKeys('firmwares'),
  networks: resourceKeys('networks'),
  componentTypes: resourceKeys('component-types'),
  components: resourceKeys('components'),
  // operation
  devices: resourceKeys('devices'),
  points: resourceKeys('points'),
  layers: resourceKeys('layers'),
  measures: resourceKeys('measures'),
  events: resourceKeys('events'),
  failedMeasures: resourceKeys('measures-failed'),
  alerts: resourceKeys('alerts'),
  /** Latest value per series as the live stream last told (lib/live-stream-provider.tsx). */
  latest: resourceKeys('latest'),
  /** The monitoring list and the overview (issue 13): current states, refreshed by the stream. */
  monitoring: resourceKeys('monitoring'),
  overview: resourceKeys('overview'),
  // reports (docs/REPORTS.md): the monthly, quarterly and level summaries and a point's daily summaries
  reports: resourceKeys('reports'),
  dailySummaries: resourceKeys('daily-summaries'),
  // notifications
  notifications: resourceKeys('notifications'),
  notificationConfigs: resourceKeys('notification-configs'),
  notificationDeliveries: resourceKeys('notification-deliveries'),
  notificationPreferences: resourceKeys('notification-preferences'),
  // accounts and system
  users: resourceKeys('users'),
  roles: resourceKeys('roles'),
  companies: resourceKeys('companies'),
  billingPlans: resourceKeys('billing-plans'),
  countries: resourceKeys('countries'),
  mails: resourceKeys('mail-outbox'),
  apiTokens: resourceKeys('api-tokens'),
  logEntries: resourceKeys('log-entries'),
} as const;
