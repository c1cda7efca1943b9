import { afterEach, describe, expect, it } from 'vitest';
import { loginRequestSchema, updatePasswordRequestSchema } from '@aforo/contracts/auth';
import { userInputSchema } from '@aforo/contracts/users';
import { schemaErrors } from './form-validation';
import { sessionStore } from './session';

afterEach(() => sessionStore.setLanguage('es'));

describe('form validation with contract schemas', () => {
  it('uses the required-field message of docs/VALIDATION.md for empty fields, "blank or invalid" for spaces', () => {
    sessionStore.setLanguage('en');
    expect(schemaErrors(loginRequestSchema, { username: '', password: '' })).toEqual({
      username: 'This is a required field',
      password: 'This is a required field',
    });
    expect(schemaErrors(loginRequestSchema, { username: '  ', password: 'x' })).toEqual({
      username: 'This is blank or invalid',
    });
    const user = { name: ' \t ', surname: '', email: 'ana@example.com', profiles: [] };
    expect(schemaErrors(userInputSchema.pick({ name: true, surname: true, email: true }), user)).toEqual({
      name: 'This is blank or invalid',
      surname: 'This is a required field',
    });
    // a password of spaces is still told its length
    expect(
      schemaErrors(updatePasswordRequestSchema, {
        currentPassword: 'old',
        password: '   ',
        confirmPassword: '   ',
      }).password,
    ).toBe('This must be at least 10 characters long');
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
