/** Turns a contract schema into a Mantine form validator with the messages of spec §5. */
import type { z } from 'zod';
import { fieldMessage } from '@aforo/contracts/errors';
import type { FieldMessageKey } from '@aforo/contracts/errors';
import { sessionStore } from './session';

type Issue = z.core.$ZodIssue;

function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function messageFor(issue: Issue, value: unknown): { key: FieldMessageKey; params?: Record<string, number> } {
  if (isBlank(value)) return { key: 'required' };
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string'
        ? { key: 'tooShort', params: { min: Number(issue.minimum) } }
        : { key: 'min', params: { min: Number(issue.minimum) } };
    case 'too_big':
      return issue.origin === 'string'
        ? { key: 'tooLong', params: { max: Number(issue.maximum) } }
        : { key: 'max', params: { max: Number(issue.maximum) } };
    case 'invalid_format':
      return issue.format === 'email' ? { key: 'email' } : { key: 'invalid' };
    case 'custom':
      return issue.message === 'mismatch' ? { key: 'passwordsMismatch' } : { key: 'invalid' };
    default:
      return { key: 'invalid' };
  }
}

function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  return path.reduce<unknown>(
    (node, key) =>
      node && typeof node === 'object' ? (node as Record<PropertyKey, unknown>)[key] : undefined,
    values,
  );
}

/** Field path → translated message; the first issue of each field wins. */
export function schemaErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const language = sessionStore.getState().language;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field in errors) continue;
    const { key, params } = messageFor(issue, valueAt(values, issue.path));
    errors[field] = fieldMessage(key, language, params);
  }
  return errors;
}

export function schemaValidator<T>(schema: z.ZodType) {
  return (values: T): Record<string, string> => schemaErrors(schema, values);
}
