import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../test/test-server';
import { fieldText } from './errors';

describe('fieldText', () => {
  it('gives the docs/VALIDATION.md message of each kind of issue', () => {
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
    // only spaces: blank or invalid (docs/VALIDATION.md), a missing or empty value stays required
    expect(fieldText({ code: 'custom', message: 'blankOrInvalid' }, 'en')).toBe('This is blank or invalid');
    expect(fieldText({ code: 'invalid_format', format: 'regex', input: '   ' }, 'es')).toBe(
      'Este campo está vacío o no es válido',
    );
    expect(fieldText({ code: 'too_small', origin: 'string', minimum: 1, input: '' }, 'en')).toBe(
      'This is a required field',
    );
    expect(fieldText({ code: 'too_small', origin: 'string', minimum: 10, input: '   ' }, 'en')).toBe(
      'This must be at least 10 characters long',
    );
  });
});

describe('database errors', () => {
  let server: TestServer;
  let token: string;
  const logged: string[] = [];
  const secret = 'ana.secret@example.com';

  beforeAll(async () => {
    const logger = pino({ level: 'warn' }, { write: (line: string) => logged.push(line) });
    // routes that run a failing query with a parameter, as a repository would
    server = await startTestServer({ logger }, (app) => {
      const failing = (query: () => Promise<unknown>) => async () => {
        await query();
        return { ok: true };
      };
      const db = () => server.database.db;
      app.get(
        '/api/test/nul',
        { config: { access: 'general' } },
        failing(() => db().execute(sql`select ${'a\u0000b'}::text`)),
      );
      app.get(
        '/api/test/year-zero',
        { config: { access: 'general' } },
        failing(() => db().execute(sql`select ${'0000-01-01'}::date`)),
      );
      app.get(
        '/api/test/bug',
        { config: { access: 'general' } },
        failing(() => db().execute(sql`select ${secret}::int`)),
      );
    });
    token = await server.login('admin@demo.aforo.dev');
  });
  afterAll(() => server.close());

  const get = (url: string) => server.request({ method: 'GET', url, headers: bearer(token) });

  it('NUL in text (22021) and dates out of range (22008) answer 400 V1000, not 500', async () => {
    for (const url of ['/api/test/nul', '/api/test/year-zero']) {
      const res = await get(url);
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().code).toBe('V1000');
    }
  });

  it('logs the statement and SQLSTATE of a failed query, never its parameter values', async () => {
    logged.length = 0;
    const res = await get('/api/test/bug');
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: 'E1000', message: expect.any(String) });
    const line = logged.join('\n');
    expect(line).toContain('22P02');
    expect(line).toContain('select $1::int');
    expect(line).not.toContain(secret);
    expect(line).not.toContain('ana.secret');
  });
});
