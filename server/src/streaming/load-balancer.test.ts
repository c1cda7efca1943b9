/**
 * Issue 27 item 2: two API processes behind a real HAProxy (Debian's package), configured as
 * docs/OPERATIONS.md "Load balancer" shows. Through the balancer a user signs in and opens the live
 * stream (GET /api/stream); a measure posted to the OTHER API process reaches that stream (the
 * processes hear each other over LISTEN/NOTIFY); when one process stops, calls through the balancer
 * keep being answered and its health check takes it out. PostgreSQL only (two processes cannot
 * share PGlite), and only where the haproxy binary is installed (CI installs it).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { measurementPoints } from '../db/schema';
import { startAforoProcess, type AforoProcess } from '../test/aforo-process';
import { haproxyBin, startHaproxy, type Balancer } from '../test/haproxy';
import { nginxBin, startNginx, type NginxBalancer } from '../test/nginx';
import { buildInstalledDevice } from '../test/ingest-harness';
import { openTestDatabase } from '../test/test-database';
import { demoPassword, testSecret } from '../test/test-server';

const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

interface Message {
  event: string;
  data: Record<string, unknown>;
}

/** An open stream through `url`: its answer, the comments and messages read so far. */
async function openStream(url: string, token: string, companyId: string) {
  const controller = new AbortController();
  const res = await fetch(`${url}/api/stream`, {
    headers: { authorization: `Bearer ${token}`, 'x-current-company': companyId },
    signal: controller.signal,
  });
  const comments: string[] = [];
  const messages: Message[] = [];
  let ended = false;
  void (async () => {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        buffer += decoder.decode(chunk, { stream: true });
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end).split('\n');
          buffer = buffer.slice(end + 2);
          comments.push(...block.filter((l) => l.startsWith(': ')).map((l) => l.slice(2)));
          const field = (name: string) =>
            block.find((l) => l.startsWith(`${name}: `))?.slice(name.length + 2);
          const event = field('event');
          if (event) messages.push({ event, data: JSON.parse(field('data')!) as Record<string, unknown> });
        }
      }
    } catch {
      // aborted by the test
    }
    ended = true;
  })();
  return {
    res,
    comments,
    messages,
    ended: () => ended,
    close: () => controller.abort(),
  };
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

// skipped on PGlite (two API processes cannot share an embedded database; CI runs PostgreSQL) and
// where Debian's haproxy is not installed (apt-get install haproxy)
describe.skipIf(!onPostgres || !haproxyBin)('two API processes behind HAProxy', () => {
  let database: Database;
  let world: Awaited<ReturnType<typeof buildInstalledDevice>>;
  const api: Record<string, { process: AforoProcess; url: string }> = {};
  let lb: Balancer;
  /** nginx in front of the same two processes, where it is installed (the docs' other sample). */
  let nginx: NginxBalancer | undefined;
  let token: string;
  let t = Math.floor(Date.now() / 1000) - 3600;

  beforeAll(async () => {
    database = await openTestDatabase();
    world = await buildInstalledDevice(database.db);
    await database.db
      .update(measurementPoints)
      .set({ alertValue: null, warningValue: null })
      .where(eq(measurementPoints.id, world.point.id));
    const env = {
      DATABASE_URL: database.url!,
      JWT_SECRET: testSecret,
      DEMO_PASSWORD: demoPassword,
      RATE_LIMIT_PER_MINUTE: '1000',
      // the balancer is the client's only way in: X-Forwarded-For is its own
      TRUST_PROXY: 'on',
    };
    const started = { api1: startAforoProcess('api', env), api2: startAforoProcess('api', env) };
    for (const [name, p] of Object.entries(started)) {
      const listening = await p.waitForLog((l) => String(l.msg).startsWith('Server listening at'));
      api[name] = { process: p, url: String(listening.msg).slice('Server listening at '.length) };
    }
    lb = await startHaproxy(
      Object.fromEntries(Object.entries(api).map(([name, a]) => [name, new URL(a.url).host])),
    );
    if (nginxBin) nginx = await startNginx(Object.values(api).map((a) => new URL(a.url).host));
    // both pass their health checks (rise 2, every second) before the balancer sends them calls
    await until(
      async () => (await lb.serverStatus('api1')) === 'UP' && (await lb.serverStatus('api2')) === 'UP',
      15_000,
      'both servers UP',
    );
  }, 120_000);

  afterAll(async () => {
    await lb?.stop();
    await nginx?.stop();
    await Promise.all(Object.values(api).map((a) => a.process.stop()));
    await database?.close();
  }, 30_000);

  /** One measure posted straight to an API process (HTTP ingestion, answered after commit). */
  async function ingestThrough(url: string, metres: number) {
    const res = await fetch(`${url}/ingest/v1/up`, {
      method: 'POST',
      headers: {
        authorization: `Device ${world.device.serial}:${world.device.key}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({
        v: 1,
        product: world.product.code,
        model: world.model.name,
        serial: world.device.serial,
        msg_seq: 1,
        measures: [{ port: 'ai1', t: (t += 60), v: 4 + (metres * 16) / 10 }],
      }),
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ accepted: 1 });
  }

  const latestOf = (messages: Message[], metres: number) =>
    messages.find(
      (m) =>
        m.event === 'latest' &&
        (m.data.rows as Array<{ pointId: string; interpreted: number }>).some(
          (r) => r.pointId === world.point.id && Math.abs(r.interpreted - metres) < 1e-6,
        ),
    );

  it('signs in and streams through the balancer; an event of the other process arrives', async () => {
    const login = await fetch(`${lb.url}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin@demo.aforo.dev', password: demoPassword }),
    });
    expect(login.status).toBe(200);
    token = ((await login.json()) as { token: string }).token;

    const stream = await openStream(lb.url, token, world.company.id);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
      const holder = stream.res.headers.get('x-aforo-server')!;
      expect(['api1', 'api2']).toContain(holder);
      // the first comment comes through before any event: the balancer does not hold the answer back
      await until(() => stream.comments.includes('connected'), 5000, 'the connected comment');

      const other = holder === 'api1' ? 'api2' : 'api1';
      const started = Date.now();
      await ingestThrough(api[other]!.url, 3.25);
      await until(
        () => latestOf(stream.messages, 3.25) !== undefined,
        5000,
        'the latest value on the stream',
      );
      // committed in one process, announced over NOTIFY, written by the other, through HAProxy
      const ms = Date.now() - started;
      expect(ms).toBeLessThan(5000);
      console.info(`HAProxy: POST to ${other} → 'latest' on the stream held by ${holder}: ${ms} ms`);
    } finally {
      stream.close();
    }
  }, 30_000);

  it.skipIf(!nginxBin)(
    'the same through nginx (proxy_buffering off, HTTP/1.1 upstream)',
    async () => {
      const stream = await openStream(nginx!.url, token, world.company.id);
      try {
        expect(stream.res.status).toBe(200);
        expect(stream.res.headers.get('content-type')).toContain('text/event-stream');
        const upstream = stream.res.headers.get('x-aforo-upstream')!;
        const holder = Object.keys(api).find((name) => new URL(api[name]!.url).host === upstream)!;
        expect(holder).toBeDefined();
        await until(() => stream.comments.includes('connected'), 5000, 'the connected comment');
        await ingestThrough(api[holder === 'api1' ? 'api2' : 'api1']!.url, 3.75);
        await until(
          () => latestOf(stream.messages, 3.75) !== undefined,
          5000,
          'the latest value on the stream',
        );
      } finally {
        stream.close();
      }
    },
    30_000,
  );

  it('keeps answering when one API process stops; its health check takes it out', async () => {
    const stream = await openStream(lb.url, token, world.company.id);
    const holder = stream.res.headers.get('x-aforo-server')!;
    const survivor = holder === 'api1' ? 'api2' : 'api1';
    const call = async (url = lb.url) => {
      try {
        const res = await fetch(`${url}/api/users/info/logged`, {
          headers: { authorization: `Bearer ${token}` },
        });
        return { status: res.status, server: res.headers.get('x-aforo-server') };
      } catch (err) {
        // the balancer closed the connection without an answer
        return { status: 0, server: String((err as { cause?: unknown }).cause ?? err) };
      }
    };
    try {
      await until(() => stream.comments.includes('connected'), 5000, 'the connected comment');
      // calls go on all the time: while the process stops, once it is gone, until it is out
      const answers: Array<{ status: number; server: string | null }> = [];
      const viaNginx: number[] = [];
      let calling = true;
      const caller = (async () => {
        while (calling) {
          answers.push(await call());
          if (nginx) viaNginx.push((await call(nginx.url)).status);
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await until(() => answers.length >= 5, 10_000, 'the first calls');
      // the process holding the stream stops (SIGTERM, as a deploy does): its streams end, a
      // connection refused before the health check notices is tried again on the survivor
      const stopping = Date.now();
      await api[holder]!.process.stop();
      const stoppedMs = Date.now() - stopping;
      await until(() => stream.ended(), 10_000, 'the stream to end');
      await until(async () => (await lb.serverStatus(holder)).startsWith('DOWN'), 10_000, `${holder} DOWN`);
      const stoppedAt = answers.length;
      console.info(
        `${holder} stopped in ${stoppedMs} ms, DOWN in HAProxy ${Date.now() - stopping} ms after SIGTERM; ` +
          `${answers.length} calls through HAProxy and ${viaNginx.length} through nginx meanwhile`,
      );
      await until(() => answers.length >= stoppedAt + 5, 10_000, 'calls after it is out');
      calling = false;
      await caller;
      expect(answers.filter((a) => a.status !== 200)).toEqual([]);
      // nginx has no active health check: a refused connection is passed to the next server
      // (proxy_next_upstream error) and the server is skipped for fail_timeout
      expect(viaNginx.filter((status) => status !== 200)).toEqual([]);
      expect(new Set(answers.slice(stoppedAt).map((a) => a.server))).toEqual(new Set([survivor]));
      expect(await lb.serverStatus(survivor)).toBe('UP');
    } finally {
      stream.close();
    }
    // the browser reconnects (EventSource does by itself) and lands on the survivor
    const again = await openStream(lb.url, token, world.company.id);
    try {
      expect(again.res.status).toBe(200);
      expect(again.res.headers.get('x-aforo-server')).toBe(survivor);
      await until(() => again.comments.includes('connected'), 5000, 'the connected comment');
      await ingestThrough(api[survivor]!.url, 4.5);
      await until(() => latestOf(again.messages, 4.5) !== undefined, 5000, 'the latest value on the stream');
    } finally {
      again.close();
    }
    const after = await Promise.all(Array.from({ length: 5 }, () => call()));
    expect(after).toEqual(Array(5).fill({ status: 200, server: survivor }));
  }, 60_000);
});
