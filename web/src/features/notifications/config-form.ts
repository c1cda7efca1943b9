/** The notification config form's values and their mapping to the contract's input (validated by it). */
import { notificationConfigInputSchema } from '@aforo/contracts/notification-configs';
import type { NotificationConfig, NotificationConfigInput } from '@aforo/contracts/notification-configs';
import type { AlertType } from '@aforo/contracts/alert-types';
import type { Role, RoleItem } from '@aforo/contracts/roles';
import { schemaErrors } from '../../lib/form-validation';

export interface ConfigFormValues {
  name: string;
  enabled: boolean;
  alertTypes: AlertType[];
  roles: Role[];
  userIds: string[];
  email: boolean;
  webhookUrl: string;
  notifyResolved: boolean;
  /** Escalation is sent only when on; its fields stay filled while off. */
  escalationOn: boolean;
  escalation: { afterMinutes: number | string; roles: Role[]; userIds: string[] };
  /** The limit: both empty = every point. */
  pointIds: string[];
  layerIds: string[];
  description: string;
}

export function configFormValues(config: NotificationConfig | null): ConfigFormValues {
  return {
    name: config?.name ?? '',
    enabled: config?.enabled ?? true,
    alertTypes: config?.alertTypes ?? ['DANGER', 'HIGH_THRESHOLD', 'NO_TRANSMISSION'],
    roles: config?.roles ?? [],
    userIds: config?.users.map((u) => u.id) ?? [],
    email: config?.email ?? false,
    webhookUrl: config?.webhookUrl ?? '',
    notifyResolved: config?.notifyResolved ?? true,
    escalationOn: config?.escalation !== null && config?.escalation !== undefined,
    escalation: {
      afterMinutes: config?.escalation?.afterMinutes ?? 30,
      roles: config?.escalation?.roles ?? [],
      userIds: config?.escalation?.users.map((u) => u.id) ?? [],
    },
    pointIds: config?.points.map((p) => p.id) ?? [],
    layerIds: config?.layers.map((l) => l.id) ?? [],
    description: config?.description ?? '',
  };
}

/** What the form sends: empty webhook and description as null, escalation only when on. */
export function toConfigInput(values: ConfigFormValues): NotificationConfigInput {
  const { escalationOn, escalation, ...rest } = values;
  // emptied: left out, so the check says "required" (submit runs only once it is a number)
  const minutes = (escalation.afterMinutes === '' ? undefined : Number(escalation.afterMinutes)) as number;
  return {
    ...rest,
    webhookUrl: values.webhookUrl.trim() === '' ? null : values.webhookUrl,
    description: values.description === '' ? null : values.description,
    escalation: escalationOn ? { ...escalation, afterMinutes: minutes } : null,
  };
}

/** The contract's messages (docs/VALIDATION.md: "Choose at least one alert type", "… role or user") on the form's fields. */
export function validateConfigForm(values: ConfigFormValues): Record<string, string> {
  return schemaErrors(notificationConfigInputSchema, toConfigInput(values));
}

/**
 * The roles a config may name (docs/ALERTS.md, "Notification configs"): provider staff all of them
 * (the global ones reach the provider's own people); a client's admin only the client roles, plus
 * any global role the provider already put in this config (kept, never added).
 */
export function roleOptions(
  roles: readonly RoleItem[],
  callerIsGlobal: boolean,
  kept: readonly Role[],
): { value: Role; label: string }[] {
  return roles
    .filter((r) => r.scope === 'company' || (r.scope === 'global' && (callerIsGlobal || kept.includes(r.id))))
    .sort((a, b) => a.order - b.order)
    .map((r) => ({ value: r.id, label: r.label }));
}
