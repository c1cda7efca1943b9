/** Turns a contract schema into a Mantine form validator with the messages of docs/VALIDATION.md. */
import type { z } from 'zod';
import { isBlankText } from '@aforo/contracts/common/text';
import { fieldMessage, fieldMessages } from '@aforo/contracts/errors';
import type { FieldMessageKey } from '@aforo/contracts/errors';
import { ApiError } from './api';
import { sessionStore } from './session';

type Issue = z.core.$ZodIssue;

/** Nothing entered: "This is a required field". Only spaces is "blank or invalid" (docs/VALIDATION.md). */
function isMissing(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/** A minimum length above one character (passwords) or a maximum: the length message says more. */
function isLengthIssue(issue: Issue): boolean {
  return (issue.code === 'too_small' && Number(issue.minimum) > 1) || issue.code === 'too_big';
}

/** The same mapping as the server's (server/src/http/errors.ts fieldText), on the form's values. */
function messageFor(issue: Issue, value: unknown): { key: FieldMessageKey; params?: Record<string, number> } {
  if (isMissing(value)) return { key: 'required' };
  if (issue.message === 'mismatch') return { key: 'passwordsMismatch' };
  // contract checks that name their docs/VALIDATION.md message by its key (as the server reads them)
  if (Object.prototype.hasOwnProperty.call(fieldMessages, issue.message)) {
    const bounds = issue as { minimum?: number | bigint; maximum?: number | bigint };
    return {
      key: issue.message as FieldMessageKey,
      params: {
        ...(bounds.minimum !== undefined ? { min: Number(bounds.minimum) } : {}),
        ...(bounds.maximum !== undefined ? { max: Number(bounds.maximum) } : {}),
      },
    };
  }
  if (isBlankText(value) && !isLengthIssue(issue)) return { key: 'blankOrInvalid' };
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

export interface ValidatorOptions {
  /**
   * Fields that must not be blank even though the schema would accept them (e.g. numbers that
   * z.coerce turns from "" into 0).
   */
  required?: readonly string[];
}

/** schemaValidator plus required-field checks done before the schema's. */
export function schemaValidatorWith<T>(schema: z.ZodType, options: ValidatorOptions) {
  return (values: T): Record<string, string> => {
    const language = sessionStore.getState().language;
    const errors: Record<string, string> = {};
    for (const field of options.required ?? []) {
      const value = valueAt(values, field.split('.'));
      if (isMissing(value)) errors[field] = fieldMessage('required', language);
      else if (isBlankText(value)) errors[field] = fieldMessage('blankOrInvalid', language);
    }
    return { ...schemaErrors(schema, values), ...errors };
  };
}

interface FormErrorTarget {
  setErrors(errors: Record<string, string>): void;
  setFieldError(path: string, message: string): void;
}

/**
 * Puts a server error on the form: per-field messages (V1000) or a code that belongs to one field
 * (e.g. BP1001 → name). Returns false when the error belongs to no field (show it as a toast).
 */
export function applyServerError(
  form: FormErrorTarget,
  error: unknown,
  fieldOfCode: Record<string, string> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  const field = fieldOfCode[error.code];
  if (field) {
    form.setFieldError(field, error.message);
    return true;
  }
  if (Object.keys(error.fields).length > 0) {
    form.setErrors(error.fields);
    return true;
  }
  return false;
}
