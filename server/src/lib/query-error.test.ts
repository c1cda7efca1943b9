import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isQueryError, loggableError, loggableQueryError, sqlStateOf } from './query-error';

const pgError = Object.assign(new Error('invalid input syntax for type uuid: "ana@example.com"'), {
  code: '22P02',
  detail: 'Key (email)=(ana@example.com) already exists.',
  routine: 'string_to_uuid',
});
const wrapped = new DrizzleQueryError('select * from users where id = $1', ['ana@example.com'], pgError);

describe('query errors as logged', () => {
  it('keep the statement, SQLSTATE and routine, and leave out every value', () => {
    const logged = loggableQueryError(wrapped);
    expect(logged).toMatchObject({
      sqlState: '22P02',
      statement: 'select * from users where id = $1',
      routine: 'string_to_uuid',
      message: 'invalid input syntax for type uuid: "…"',
    });
    expect(JSON.stringify(logged)).not.toContain('ana@example.com');
  });

  it('tell SQLSTATEs from Node error codes', () => {
    expect(sqlStateOf(wrapped)).toBe('22P02');
    expect(sqlStateOf(Object.assign(new Error('x'), { code: 'EPIPE' }))).toBeUndefined();
    expect(isQueryError(new Error('plain'))).toBe(false);
    const plain = new Error('plain');
    expect(loggableError(plain)).toBe(plain);
  });
});
