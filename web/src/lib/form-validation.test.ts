import { afterEach, describe, expect, it } from 'vitest';
import { loginRequestSchema, updatePasswordRequestSchema } from '@aforo/contracts/auth';
import { schemaErrors } from './form-validation';
import { sessionStore } from './session';

afterEach(() => sessionStore.setLanguage('es'));

describe('form validation with contract schemas', () => {
  it('uses the required-field message of spec §5 for empty fields', () => {
    sessionStore.setLanguage('en');
    expect(schemaErrors(loginRequestSchema, { username: '  ', password: '' })).toEqual({
      username: 'This is a required field',
      password: 'This is a required field',
    });
  });

  it('speaks Spanish when the session does', () => {
    sessionStore.setLanguage('es');
    expect(schemaErrors(loginRequestSchema, { username: '', password: 'x' })).toEqual({
      username: 'Este campo es obligatorio',
    });
  });

  it('explains short and mismatched passwords', () => {
    sessionStore.setLanguage('en');
    expect(
      schemaErrors(updatePasswordRequestSchema, {
        currentPassword: 'old',
        password: 'short',
        confirmPassword: 'short',
      }),
    ).toEqual({
      password: 'This must be at least 10 characters long',
    });
    expect(
      schemaErrors(updatePasswordRequestSchema, {
        currentPassword: 'old',
        password: 'long-enough-1',
        confirmPassword: 'long-enough-2',
      }),
    ).toEqual({ confirmPassword: 'The passwords do not match' });
  });
});
