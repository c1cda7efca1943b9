import { describe, expect, it } from 'vitest';
import type { DynamicField } from '../component-types/component-types.mapper';
import { checkValues, cleanValues } from './component-values';

const fields: DynamicField[] = [
  { key: 'depth', label: 'Depth', type: 'number', required: true },
  { key: 'installed_on', label: 'Installed on', type: 'date', required: false },
  { key: 'label', label: 'Label', type: 'text', required: true },
  { key: 'sealed', label: 'Sealed', type: 'boolean', required: false },
];

describe('component values against dynamic fields', () => {
  it('accepts values of the right types and leaves optional ones out', () => {
    expect(checkValues(fields, { depth: 0, label: 'A', installed_on: '2026-02-01' }, 'en')).toEqual({});
    expect(checkValues(fields, { depth: 3.5, label: 'B', sealed: false, installed_on: null }, 'en')).toEqual(
      {},
    );
  });

  it('names each required field missing or blank, in the request language', () => {
    expect(checkValues(fields, { label: '  ' }, 'es')).toEqual({
      'values.depth': 'Este campo es obligatorio',
      'values.label': 'Este campo está vacío o no es válido',
    });
  });

  it('refuses wrong types and keys the type does not define', () => {
    expect(
      checkValues(
        fields,
        { depth: Number.NaN, label: 1, sealed: 'true', installed_on: '2026-13-45', other: 1 },
        'en',
      ),
    ).toEqual({
      'values.depth': 'This must be a number',
      'values.label': 'This is invalid',
      'values.sealed': 'This is invalid',
      'values.installed_on': 'This is invalid',
      'values.other': 'This is invalid',
    });
  });

  it('stores only the type’s keys, blanks dropped', () => {
    expect(cleanValues(fields, { depth: 1, label: 'x', sealed: null, installed_on: '' })).toEqual({
      depth: 1,
      label: 'x',
    });
  });
});
