import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measureTimeOptions, transmissionTimeOptions } from '@aforo/contracts/constants';
import { pointParametersSchema } from '@aforo/contracts/point-parameters';
import { pointInputSchema, type Point } from '@aforo/contracts/points';
import { companyIdByName } from '../test/factories';
import { bearer, startTestServer, type TestServer } from '../test/test-server';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login('admin@demo.aforo.dev');
});
afterAll(() => server.close());

describe('demo fleet points', () => {
  it('every seeded point saves unchanged: PUT with its own GET body answers 200', async () => {
    let checked = 0;
    for (const company of ['Canal del Norte S.A.', 'Aguas de Levante S.L.']) {
      const headers = bearer(admin, {
        'x-current-company': await companyIdByName(server.database.db, company),
      });
      const list = await server.request({ method: 'GET', url: '/api/points?length=-1', headers });
      const points = list.json<{ rows: Point[] }>().rows;
      expect(points.length, company).toBeGreaterThan(0);
      for (const { id, name } of points) {
        const point = (
          await server.request({ method: 'GET', url: `/api/points/${id}`, headers })
        ).json<Point>();
        expect(measureTimeOptions, name).toContain(point.measureTime);
        expect(transmissionTimeOptions, name).toContain(point.transmissionTime);
        const parsed = pointInputSchema.safeParse(point);
        expect(parsed.error?.issues ?? [], name).toEqual([]);
        const saved = await server.request({
          method: 'PUT',
          url: `/api/points/${id}`,
          headers,
          payload: point,
        });
        expect([saved.statusCode, saved.statusCode === 200 ? '' : saved.body], name).toEqual([200, '']);
        // the same parameters, written out in full (defaults and nulls filled in)
        expect(saved.json<Point>().parameters, name).toEqual(pointParametersSchema.parse(point.parameters));
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(20);
  });
});
