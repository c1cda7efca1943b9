import { describe, expect, it } from 'vitest';
import { diffFields } from './changes';

describe('diffFields', () => {
  it('keeps only the fields that changed, dates as ISO strings', () => {
    const at = new Date('2026-01-02T03:04:05Z');
    expect(
      diffFields({ name: 'a', code: 'ES', deletedAt: null }, { name: 'b', code: 'ES', deletedAt: at }),
    ).toEqual({
      name: ['a', 'b'],
      deletedAt: [null, '2026-01-02T03:04:05.000Z'],
    });
  });

  it('records every field of a create, and never a secret', () => {
    expect(diffFields(null, { email: 'x@y.z', passwordHash: '$argon2id$…', tokenHash: 'abc' })).toEqual({
      email: [null, 'x@y.z'],
    });
  });

  it('compares arrays and objects by value', () => {
    expect(diffFields({ roles: ['ROLE_USER'] }, { roles: ['ROLE_USER'] })).toEqual({});
    expect(diffFields({ roles: ['ROLE_USER'] }, { roles: ['ROLE_ADMIN_CLIENTE'] })).toEqual({
      roles: [['ROLE_USER'], ['ROLE_ADMIN_CLIENTE']],
    });
  });
});
