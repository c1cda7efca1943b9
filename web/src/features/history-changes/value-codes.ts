/**
 * The i18n key that names a coded value of the history (an alert's OUT_OF_RANGE, a device's state, an
 * incident's kind), by the item and the field that hold it; null for values that are not codes.
 */
import { userStateOf } from '@aforo/contracts/users';
import { userStateKey } from '../accounts';

/** 'Not Operational' → 'notOperational' (the keys of devices.states and accounts.users.states). */
const camel = (text: string) =>
  text.charAt(0).toLowerCase() + text.slice(1).replace(/\s+(\w)/g, (_m, c: string) => c.toUpperCase());

type KeyOf = (value: string) => string;

/** By field, then by entity type ('*': any item). */
const codeKeys: Record<string, Record<string, KeyOf>> = {
  state: {
    // older data spells Disabled "Dissabled" (docs/ROLES.md)
    user: (v) => `accounts.users.states.${userStateKey(userStateOf(v))}`,
    device: (v) => `devices.states.${camel(v)}`,
    component: (v) => `catalogue.components.states.${v}`,
    alert: (v) => `alerts.states.${v}`,
  },
  type: { alert: (v) => `alerts.types.${v}` },
  alertTypes: { '*': (v) => `alerts.types.${v}` },
  kind: {
    point: (v) => `points.kinds.${v}`,
    incident: (v) => `history.values.incidentKinds.${v}`,
  },
  measureType: { '*': (v) => `catalogue.componentTypes.measureTypes.${v}` },
  language: { '*': (v) => `common.languages.${v}` },
};

export function valueCodeKey(entityType: string, field: string, value: string): string | null {
  const byEntity = codeKeys[field];
  const keyOf = byEntity?.[entityType] ?? byEntity?.['*'];
  return keyOf ? keyOf(value) : null;
}
