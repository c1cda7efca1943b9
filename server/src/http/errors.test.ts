import { describe, expect, it } from 'vitest';
import { fieldText } from './errors';

describe('fieldText', () => {
  it('gives the spec §5 message of each kind of issue', () => {
    expect(
      fieldText(
        { code: 'invalid_type', message: 'Invalid input: expected string, received undefined' },
        'en',
      ),
    ).toBe('This is a required field');
    expect(fieldText({ code: 'too_small', origin: 'string', minimum: 1 }, 'en')).toBe(
      'This is a required field',
    );
    expect(fieldText({ code: 'too_small', origin: 'string', minimum: 10 }, 'es')).toBe(
      'Debe tener al menos 10 caracteres',
    );
    expect(fieldText({ code: 'custom', message: 'transmissionAfterMeasure' }, 'en')).toBe(
      'Transmission time must be greater than measure time',
    );
    expect(fieldText({ code: 'custom', message: 'values4And20Differ' }, 'en')).toBe(
      'The 4 mA and 20 mA values must be different',
    );
    expect(fieldText({ code: 'custom', message: 'something else' }, 'en')).toBe('This is invalid');
    expect(fieldText({ code: 'invalid_format', format: 'email' }, 'en')).toBe(
      'This is not a valid email address',
    );
  });
});
