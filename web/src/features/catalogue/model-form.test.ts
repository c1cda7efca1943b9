import { act } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { sessionStore } from '../../lib/session';
import type { ModelFormValues } from './model-form';
import { modelFormValues, modelInputOf, parseSentinels, validateModelForm } from './model-form';

const brandId = '5b1d0c8e-1f7a-4c55-9a51-0d2b6f3a9e01';

function values(sentinels: string): ModelFormValues {
  return {
    brandId,
    name: 'LX-200',
    ports: [{ rowKey: 'r1', key: 'ai1', type: 'radar', label: 'Nivel', sentinels }],
  };
}

beforeAll(async () => {
  sessionStore.setLanguage('es');
  await act(() => i18n.changeLanguage('es'));
});

describe('sentinel values in the model form', () => {
  it('reads comma-, semicolon- or space-separated numbers', () => {
    expect(parseSentinels('')).toEqual([]);
    expect(parseSentinels('  ')).toEqual([]);
    expect(parseSentinels('-9999')).toEqual([-9999]);
    expect(parseSentinels('-9999, 0')).toEqual([-9999, 0]);
    expect(parseSentinels(' -9999 0;65535,\t+1.5 ')).toEqual([-9999, 0, 65535, 1.5]);
    expect(parseSentinels('.5, 1e3, -2E-1')).toEqual([0.5, 1000, -0.2]);
  });

  it('refuses anything that is not a number', () => {
    for (const text of ['abc', '-9999, x', '0x10', '1e999', 'NaN', 'Infinity', '--1', '1.2.3', '-']) {
      expect(parseSentinels(text), text).toBeNull();
    }
  });

  it('gives a Spanish message for a bad list or more than 8 values', () => {
    expect(validateModelForm(values('-9999, 0'))).toEqual({});
    expect(validateModelForm(values('-9999; nada'))['ports.0.sentinels']).toBe(
      'Escriba números separados por comas o espacios, con punto decimal (p. ej. -9999, 0).',
    );
    expect(validateModelForm(values('1 2 3 4 5 6 7 8 9'))['ports.0.sentinels']).toBe(
      'Como máximo 8 valores centinela.',
    );
    expect(validateModelForm(values('1 2 3 4 5 6 7 8'))).toEqual({});
  });

  it('sends the numbers, leaves a blank list out and shows a saved list again', () => {
    expect(modelInputOf(values('-9999, 0')).ports).toEqual([
      { key: 'ai1', type: 'radar', label: 'Nivel', sentinels: [-9999, 0] },
    ]);
    expect(modelInputOf(values(' ')).ports).toEqual([{ key: 'ai1', type: 'radar', label: 'Nivel' }]);

    const stamp = '2026-03-01T10:00:00.000Z';
    const form = modelFormValues({
      id: '7d3f2eaf-3b9c-4e77-9c73-2f4d8b5c1a01',
      brand: { id: brandId, abbreviation: 'VEG' },
      name: 'VEGAPULS C 21',
      ports: [
        { key: 'ai1', type: 'radar', label: 'Nivel', sentinels: [-9999, 0.25] },
        { key: 'ai2', type: 'pressure', label: 'Presión' },
      ],
      devices: 0,
      createdAt: stamp,
      updatedAt: stamp,
    });
    expect(form.ports.map((port) => port.sentinels)).toEqual(['-9999, 0.25', '']);
  });
});
