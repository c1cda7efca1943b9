/**
 * The live-stream part of `npm run bench:load`: N listeners each open GET /api/stream as the web app
 * does (fetch with `Authorization: Bearer` and `X-Current-Company`, lib/live-stream.ts), here with
 * plain node:http requests on one agent allowing N sockets. Every `latest` message is parsed and
 * matched with the probes — the messages the load generator publishes while the streams are held —
 * so each connection's publish → received delay is known for each probe.
 */
import http from 'node:http';

export interface Probe {
  pointId: string;
  /** The newest measure's time in the message, whole seconds. */
  lastT: number;
  /** When it was published (performance.now()). */
  t0: number;
}

/** Probes by point, in publishing order (a device's times only grow), and every delivery's delay. */
export class DeliveryTracker {
  private readonly byPoint = new Map<string, Probe[]>();
  probes = 0;
  tracking = false;

  /** `withinMs`: the delay a delivery counts as in time within. */
  constructor(private readonly withinMs: number) {}
  /** publish → received, ms, one per (connection, probe) delivered. */
  readonly delays: number[] = [];

  add(probe: Probe): void {
    if (!this.tracking) return;
    const list = this.byPoint.get(probe.pointId) ?? [];
    list.push(probe);
    this.byPoint.set(probe.pointId, list);
    this.probes += 1;
  }

  /** A `latest` row reached a connection: every probe of that point up to `ts` is delivered to it. */
  seen(stream: StreamClient, pointId: string, ts: number, now: number): void {
    const list = this.byPoint.get(pointId);
    if (!list) return;
    let next = stream.nextProbe.get(pointId) ?? 0;
    while (next < list.length && list[next]!.lastT <= ts) {
      const delay = now - list[next]!.t0;
      this.delays.push(delay);
      stream.delivered += 1;
      if (delay <= this.withinMs) stream.inTime += 1;
      next += 1;
    }
    stream.nextProbe.set(pointId, next);
  }
}

export interface StreamClient {
  index: number;
  status: number;
  /** Messages of each event name received. */
  events: Map<string, number>;
  delivered: number;
  /** Of those, delivered within the tracker's bound. */
  inTime: number;
  nextProbe: Map<string, number>;
  /** The server ended the stream before we closed it (a refused or dropped client). */
  endedByServer: boolean;
  error?: string;
  close(): void;
}

interface OpenOptions {
  baseUrl: string;
  token: string;
  companyId: string;
  agent: http.Agent;
  tracker: DeliveryTracker;
}

/** Opens one stream; resolves once its first bytes (`: connected`) arrived, or with the refusal. */
export function openStream(index: number, options: OpenOptions): Promise<StreamClient> {
  const url = new URL('/api/stream', options.baseUrl);
  const client: StreamClient = {
    index,
    status: 0,
    events: new Map(),
    delivered: 0,
    inTime: 0,
    nextProbe: new Map(),
    endedByServer: false,
    close: () => undefined,
  };
  return new Promise((resolve) => {
    let closing = false;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(client);
    };
    const request = http.request(url, {
      agent: options.agent,
      headers: {
        accept: 'text/event-stream',
        authorization: `Bearer ${options.token}`,
        'x-current-company': options.companyId,
      },
    });
    client.close = () => {
      closing = true;
      request.destroy();
    };
    request.setTimeout(30_000, () => {
      if (settled) return;
      client.error = 'no answer within 30 s';
      request.destroy();
    });
    request.on('error', (err) => {
      if (closing) return;
      client.error ??= err.message;
      settle();
    });
    request.on('response', (response) => {
      client.status = response.statusCode ?? 0;
      response.setEncoding('utf8');
      if (client.status !== 200) {
        let body = '';
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => {
          client.error = `${client.status} ${body.slice(0, 200)}`;
          settle();
        });
        return;
      }
      request.setTimeout(0);
      let buffer = '';
      response.on('data', (chunk: string) => {
        settle();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          onBlock(client, block, options.tracker);
        }
      });
      response.on('close', () => {
        if (!closing) client.endedByServer = true;
        settle();
      });
    });
    request.end();
  });
}

/** One SSE message (the server writes LF line ends, one `data:` line). */
function onBlock(client: StreamClient, block: string, tracker: DeliveryTracker): void {
  let event: string | undefined;
  let data: string | undefined;
  for (const line of block.split('\n')) {
    if (line.startsWith('event: ')) event = line.slice(7);
    else if (line.startsWith('data: ')) data = line.slice(6);
  }
  if (event === undefined) return; // a comment (`: ping`, `: connected`) or the retry line
  client.events.set(event, (client.events.get(event) ?? 0) + 1);
  if (event !== 'latest' || data === undefined) return;
  const now = performance.now();
  const { rows } = JSON.parse(data) as { rows: Array<{ pointId: string; ts: string }> };
  for (const row of rows) tracker.seen(client, row.pointId, Date.parse(row.ts) / 1000, now);
}

/** Opens `tokens.length` streams, `concurrency` at a time; resolves with every client (open or refused). */
export async function openStreams(
  tokens: string[],
  options: Omit<OpenOptions, 'token'>,
  concurrency = 50,
): Promise<StreamClient[]> {
  const out: StreamClient[] = new Array<StreamClient>(tokens.length);
  let next = 0;
  const worker = async () => {
    while (next < tokens.length) {
      const i = next++;
      out[i] = await openStream(i, { ...options, token: tokens[i]! });
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, tokens.length) }, worker));
  return out;
}

/** Signs every listener in (POST /api/login_check), `concurrency` at a time; returns their tokens. */
export async function signInAll(
  baseUrl: string,
  emails: string[],
  password: string,
  concurrency = 8,
): Promise<string[]> {
  const tokens: string[] = new Array<string>(emails.length);
  let next = 0;
  const worker = async () => {
    while (next < emails.length) {
      const i = next++;
      const res = await fetch(`${baseUrl}/api/login_check`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: emails[i], password }),
      });
      if (!res.ok) throw new Error(`sign-in of ${emails[i]} answered ${res.status}: ${await res.text()}`);
      tokens[i] = ((await res.json()) as { token: string }).token;
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, emails.length) }, worker));
  return tokens;
}
