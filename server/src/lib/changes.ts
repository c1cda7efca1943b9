/** {field: [before, after]} of two versions of an item, for the history of changes (docs/DATA-MODEL.md). */
export type Changes = Record<string, [unknown, unknown]>;

/** Fields never written to the history, whatever the entity. */
const secretFields = new Set([
  'passwordHash',
  'password',
  'currentPassword',
  'confirmPassword',
  'tokenHash',
  'token',
  'key',
  'keyHash',
  'secret',
]);
/** Bookkeeping that changes on every write and says nothing. */
const noiseFields = new Set(['updatedAt', 'createdAt']);

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value === undefined) return null;
  return value;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Changed fields only; a create passes before = null, a hard delete after = null. */
export function diffFields(
  before: Record<string, unknown> | null,
  after: Record<string, unknown> | null,
): Changes {
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  const changes: Changes = {};
  for (const key of keys) {
    if (secretFields.has(key) || noiseFields.has(key)) continue;
    const b = normalise(before?.[key]);
    const a = normalise(after?.[key]);
    if (!same(a, b)) changes[key] = [b, a];
  }
  return changes;
}
