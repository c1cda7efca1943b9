import { slugOf } from '@aforo/contracts/companies';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

const admin = 'admin@demo.aforo.dev';
let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const email of [admin, 'chief@demo.aforo.dev']) tokens[email] = await server.login(email);
});
afterAll(() => server.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, who: string, payload?: object) =>
  server.request({
    method,
    url,
    headers: bearer(tokens[who]!, { 'accept-language': 'en' }),
    ...(payload ? { payload } : {}),
  });

describe('company slug', () => {
  it('derives lower-case ASCII slugs from names', () => {
    expect(slugOf('Confederación Hidrográfica del Ñuble, S.A.')).toBe(
      'confederacion-hidrografica-del-nuble-s-a',
    );
    expect(slugOf('  --Ab  ')).toBe('company');
    expect(slugOf('x'.repeat(80))).toHaveLength(50);
  });

  it('gives a new company its name’s slug, then the first free -N, and lets ADMIN edit it', async () => {
    const first = await call('POST', '/api/companies', admin, { businessName: 'Aguas del Túria' });
    expect(first.statusCode).toBe(201);
    expect(first.json().slug).toBe('aguas-del-turia');
    const second = await call('POST', '/api/companies', admin, { businessName: 'Aguas del Turia S.L.' });
    expect(second.json().slug).toBe('aguas-del-turia-s-l');
    const third = await call('POST', '/api/companies', admin, { businessName: 'Aguas  del  Turia!' });
    expect(third.json().slug).toBe('aguas-del-turia-2');

    const id = first.json().id as string;
    const edited = await call('PUT', `/api/companies/${id}`, admin, {
      businessName: 'Aguas del Túria',
      slug: 'turia',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().slug).toBe('turia');
    // an edit without a slug keeps the one it has
    const kept = await call('PUT', `/api/companies/${id}`, admin, { businessName: 'Aguas del Túria' });
    expect(kept.json().slug).toBe('turia');
  });

  it('refuses a slug another company holds with 409 CO1007', async () => {
    const res = await call('POST', '/api/companies', admin, { businessName: 'Otra', slug: 'turia' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CO1007', message: expect.stringContaining('address') });
  });

  it.each(['ab', 'Upper', 'dos--guiones', '-lead', 'trail-', 'ñandu', 'a b c', 'x'.repeat(61), "x';drop"])(
    'refuses the slug %j with 400 and the field named',
    async (slug) => {
      const res = await call('POST', '/api/companies', admin, { businessName: `Bad ${slug}`, slug });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty('slug');
    },
  );

  it('lets only ADMIN set it (CHIEF reads)', async () => {
    const res = await call('POST', '/api/companies', 'chief@demo.aforo.dev', {
      businessName: 'Chief co',
      slug: 'chief-co',
    });
    expect(res.statusCode).toBe(403);
  });
});
