import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCsv } from './csv-reply';
import { handleError } from './errors';

async function appWith(batches: () => AsyncIterable<Array<{ n: number }>>) {
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.get('/export', async (_request, reply) =>
    sendCsv(reply, { filename: 'x.csv', header: ['n'], cells: (r) => [r.n], batches: batches() }),
  );
  await app.ready();
  return app;
}

describe('sendCsv', () => {
  it('streams the header and every batch', async () => {
    const app = await appWith(async function* () {
      yield [{ n: 1 }, { n: 2 }];
      yield [{ n: 3 }];
    });
    const res = await app.inject({ method: 'GET', url: '/export' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('\uFEFFn\r\n1\r\n2\r\n3\r\n');
    expect(res.headers['content-disposition']).toBe('attachment; filename="x.csv"');
  });

  it('answers a failing first batch as an error, before any byte of the file', async () => {
    const app = await appWith(() => ({
      [Symbol.asyncIterator]: () => ({ next: () => Promise.reject(new Error('the query failed')) }),
    }));
    const res = await app.inject({ method: 'GET', url: '/export', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ code: 'E1000' });
  });
});
