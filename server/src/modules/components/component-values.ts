/** Checks a component's values against the dynamic fields of its type; pure, so it is unit-tested. */
import type { Language } from '@aforo/contracts/constants';
import { isBlankText, isDateInRange } from '@aforo/contracts/common/text';
import { fieldMessage } from '@aforo/contracts/errors';
import type { DynamicField } from '../component-types/component-types.mapper';

type Value = string | number | boolean | null;

const isBlank = (v: Value | undefined) =>
  v === undefined || v === null || (typeof v === 'string' && !v.trim());

function fits(field: DynamicField, value: Value): boolean {
  switch (field.type) {
    case 'text':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) && isDateInRange(new Date(value));
  }
}

/**
 * The field messages (`values.<key>`) of values that break the type's fields: a required field
 * missing or blank, a value of the wrong type, or a key the type does not define. Empty = valid.
 */
export function checkValues(
  fields: readonly DynamicField[],
  values: Readonly<Record<string, Value>>,
  lang: Language,
): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = new Set(fields.map((f) => f.key));
  for (const field of fields) {
    const value = values[field.key];
    if (isBlank(value)) {
      // docs/VALIDATION.md: nothing sent is required; only spaces is blank or invalid
      if (field.required)
        problems[`values.${field.key}`] = fieldMessage(
          isBlankText(value) ? 'blankOrInvalid' : 'required',
          lang,
        );
    } else if (!fits(field, value!)) {
      problems[`values.${field.key}`] = fieldMessage(field.type === 'number' ? 'number' : 'invalid', lang);
    }
  }
  for (const key of Object.keys(values)) {
    if (!known.has(key)) problems[`values.${key}`] = fieldMessage('invalid', lang);
  }
  return problems;
}

/** The values to store: the type's keys only, blanks dropped. */
export function cleanValues(
  fields: readonly DynamicField[],
  values: Readonly<Record<string, Value>>,
): Record<string, Value> {
  return Object.fromEntries(
    fields.filter((f) => !isBlank(values[f.key])).map((f) => [f.key, values[f.key]!] as const),
  );
}
