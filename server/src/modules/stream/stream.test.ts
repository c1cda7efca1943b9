/**
 * GET /api/stream end to end: a device publishes through a real MQTT client, the batch commits, the
 * engine evaluates it, and an open stream of the point's company receives the new latest value and
 * the alert; another company's stream receives nothing. Reconnecting with Last-Event-ID replays.
 */
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TokenService } from '../../auth/jwt';
import { createAlertEngine, type AlertEngine } from '../../alerting/alert-engine';
import { measurementPoints } from '../../db/schema';
import { companyIdByName } from '../../test/factories';
import { buildApp } from '../../app';
import { silentLog, startIngestHarness, type IngestHarness } from '../../test/ingest-harness';
import { demoPassword, testSecret } from '../../test/test-server';

let h: IngestHarness;
let app: FastifyInstance;
let engine: AlertEngine;
let base: string;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  h = await startIngestHarness();
  engine = createAlertEngine({ database: h.database, events: h.events, log: silentLog });
  app = await buildApp({
    database: h.database,
    tokens: new TokenService(testSecret),
    logger: false,
    events: h.events,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  for (const email of [
    'admin@demo.aforo.dev',
    'user.levante@demo.aforo.dev',
    'spectator.norte@demo.aforo.dev',
  ]) {
    const res = await fetch(`${base}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: email, password: demoPassword }),
    });
    tokens[email] = ((await res.json()) as { token: string }).token;
  }
  await h.database.db
    .update(measurementPoints)
    .set({ alertValue: 4, warningValue: null })
    .where(eq(measurementPoints.id, h.pointId));
});
afterAll(async () => {
  await app?.close();
  await engine?.close();
  await h?.close();
});

interface Message {
  id: string;
  event: string;
  data: Record<string, unknown>;
}

/** An open stream: collects its messages; `next(event)` waits (≤ 5 s) for the next of that name. */
async function open(who: string, companyId: string, lastEventId?: string, query = '') {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/stream${query}`, {
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      'x-current-company': companyId,
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const messages: Message[] = [];
  let seen = 0;
  if (res.status === 200) {
    void (async () => {
      const decoder = new TextDecoder();
      let buffer = '';
      try {
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          buffer += decoder.decode(chunk, { stream: true });
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const field = (name: string) =>
              block
                .split('\n')
                .find((l) => l.startsWith(`${name}: `))
                ?.slice(name.length + 2);
            const event = field('event');
            if (event)
              messages.push({
                id: field('id')!,
                event,
                data: JSON.parse(field('data')!) as Record<string, unknown>,
              });
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  return {
    res,
    messages,
    async next(event: string): Promise<Message> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = messages.slice(seen).find((m) => m.event === event);
        if (found) {
          seen = messages.indexOf(found) + 1;
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no ${event} message`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => controller.abort(),
  };
}

let tick = Math.floor(Date.now() / 1000) - 10 * 60;
/** Publishes one level (m) through MQTT on the harness's 4-20 mA port (0 → 10 m). */
async function publish(level: number) {
  const body = JSON.stringify({
    v: 1,
    product: h.productCode,
    model: h.modelName,
    serial: h.device.serial,
    msg_seq: 1,
    measures: [{ port: 'ai1', t: (tick += 30), v: 4 + (level * 16) / 10 }],
  });
  expect((await h.pub(body)).code).toBe(0);
}

describe('GET /api/stream', () => {
  it('pushes the latest value and the alert to the company, nothing to another company', async () => {
    const mine = await open('admin@demo.aforo.dev', h.companyId);
    const levante = await open(
      'user.levante@demo.aforo.dev',
      await companyIdByName(h.database.db, 'Aguas de Levante S.L.'),
    );
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('content-type')).toContain('text/event-stream');
    await publish(4.5);
    const latest = await mine.next('latest');
    expect(latest.data.rows).toEqual([
      expect.objectContaining({
        pointId: h.pointId,
        port: 'ai1',
        interpreted: expect.closeTo(4.5, 6),
        alertLevel: 'DANGER',
      }),
    ]);
    const alert = await mine.next('alert');
    expect(alert.data).toMatchObject({
      pointId: h.pointId,
      type: 'DANGER',
      state: 'open',
      colour: '#FF0000',
    });
    await engine.idle();
    await new Promise((r) => setTimeout(r, 300));
    expect(levante.messages).toEqual([]);
    mine.close();
    levante.close();
  });

  it('replays what a reconnecting client missed after Last-Event-ID, or asks it to resync', async () => {
    const first = await open('admin@demo.aforo.dev', h.companyId);
    await publish(2);
    const seen = await first.next('latest');
    first.close();
    await publish(2.5);
    await engine.idle();
    await new Promise((r) => setTimeout(r, 300));
    const again = await open('admin@demo.aforo.dev', h.companyId, seen.id);
    const missed = await again.next('latest');
    expect((missed.data.rows as Array<{ interpreted: number }>)[0]!.interpreted).toBeCloseTo(2.5, 6);
    again.close();
    const stranger = await open('admin@demo.aforo.dev', h.companyId, 'another-process.12');
    expect((await stranger.next('resync')).data).toEqual({});
    stranger.close();
  });

  it('needs a signed-in user with a current company; spectators may listen', async () => {
    const anonymous = await fetch(`${base}/api/stream`);
    expect(anonymous.status).toBe(401);
    const norte = await companyIdByName(h.database.db, 'Canal del Norte S.A.');
    const spectator = await open('spectator.norte@demo.aforo.dev', norte);
    expect(spectator.res.status).toBe(200);
    spectator.close();
    // hostile headers are refused before any stream starts
    for (const lastEventId of ['a\u0000b', 'x'.repeat(101)]) {
      const bad = await fetch(`${base}/api/stream`, {
        headers: {
          authorization: `Bearer ${tokens['admin@demo.aforo.dev']}`,
          'x-current-company': h.companyId,
          'last-event-id': lastEventId,
        },
      }).catch(() => null);
      // fetch itself refuses a NUL in a header value; a long id reaches the server and gets 400
      if (bad) expect(bad.status).toBe(400);
    }
    // a company the user has no profile in does not exist for them
    const foreign = await open('user.levante@demo.aforo.dev', h.companyId);
    expect(foreign.res.status).toBe(404);
  });

  it("scope=all: provider staff hear every company's values (docs/WEB.md All companies); others are refused", async () => {
    const levante = await companyIdByName(h.database.db, 'Aguas de Levante S.L.');
    // the provider admin's current company is Levante; the values published are another company's
    const staff = await open('admin@demo.aforo.dev', levante, undefined, '?scope=all');
    expect(staff.res.status).toBe(200);
    await publish(3);
    const latest = await staff.next('latest');
    expect(latest.data.rows).toEqual([expect.objectContaining({ pointId: h.pointId, port: 'ai1' })]);
    staff.close();
    const client = await open('user.levante@demo.aforo.dev', levante, undefined, '?scope=all');
    expect(client.res.status).toBe(403);
    const bad = await open('admin@demo.aforo.dev', levante, undefined, '?scope=every');
    expect(bad.res.status).toBe(400);
  });
});
