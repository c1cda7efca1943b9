/**
 * How the history shows a changed value: ids by the names the server read for the entry, roles and
 * codes translated, numbers and dates in the interface language.
 */
import { roleNames } from '@aforo/contracts/roles';

export interface ValueLabels {
  role(role: string): string;
  /** A company's name, or null when the id is not one of the user's companies. */
  company(id: string): string | null;
  /** The name of an id of this entry (its `names`), or null. */
  name(id: string): string | null;
  /** The key of a global profile ("global"). */
  global: string;
  yes: string;
  no: string;
  /** An ISO 8601 time as the company reads it, in the interface language. */
  dateTime(iso: string): string;
  /** A number in the interface language ("1,25" in Spanish). */
  number(value: number): string;
  /** A translated name for a field's value (states, types, kinds), or null to show it as it is. */
  fieldValue(field: string, value: string): string | null;
  /** A translated name for a key inside a field's value (a port parameter's), or null. */
  fieldKey(field: string, key: string): string | null;
}

const isoTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const isRole = (value: string) => (roleNames as readonly string[]).includes(value);

function scalar(value: unknown, labels: ValueLabels, field: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (typeof value === 'number') return labels.number(value);
  if (typeof value === 'string') {
    if (isRole(value)) return labels.role(value);
    const named = labels.fieldValue(field, value) ?? labels.name(value);
    if (named !== null) return named;
    if (isoTime.test(value)) return labels.dateTime(value);
    return value;
  }
  return JSON.stringify(value);
}

function keyLabel(key: string, labels: ValueLabels, field: string): string {
  if (key === 'global') return labels.global;
  return labels.fieldKey(field, key) ?? labels.name(key) ?? labels.company(key) ?? key;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * What changed between two values: inside objects (a point's parameters by port, a user's roles by
 * company) only the keys whose values differ, a missing key reading as empty; anything else whole.
 */
export function changedParts(before: unknown, after: unknown): [unknown, unknown] {
  if (!isPlainObject(before) || !isPlainObject(after)) return [before, after];
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    [b[key], a[key]] = changedParts(before[key] ?? null, after[key] ?? null);
  }
  return [b, a];
}

/** The lines that show one value: one line for scalars and lists, one per key for objects. */
export function describeValue(value: unknown, labels: ValueLabels, field = ''): string[] {
  if (Array.isArray(value)) {
    return [value.length > 0 ? value.map((item) => scalar(item, labels, field)).join(', ') : '—'];
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return ['—'];
    return entries.map(
      ([key, item]) => `${keyLabel(key, labels, field)}: ${describeValue(item, labels, field).join(', ')}`,
    );
  }
  return [scalar(value, labels, field)];
}
