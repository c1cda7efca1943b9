import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Alert } from '@aforo/contracts/alerts';
import { alertPointId as pointId, buildAlert } from '../test/fixtures';
import type { ListPage } from './api';
import { createLiveEventHandler, latestKey, onLiveEvent } from './live-stream-provider';
import type { LatestValues } from './live-stream-provider';
import { openLiveStream, SseParser, toLiveEvent } from './live-stream';
import type { LiveEvent, LiveStreamStatus } from './live-stream';
import { queryKeys } from './query-keys';

describe('SseParser', () => {
  it('assembles messages cut anywhere, with CRLF, comments, multi-line data and the last id', () => {
    const parser = new SseParser();
    const text =
      'retry: 3000\r\n: connected\r\n\r\nid: h.1\r\nevent: alert\r\ndata: {"a":\r\ndata: 1}\r\n\r\n: ping\n\nevent: resync\ndata: {}\n\n';
    const messages = [];
    // one character at a time: every cut point, a CR without its LF included
    for (const char of text) messages.push(...parser.feed(char));
    expect(messages).toEqual([
      { id: 'h.1', event: 'alert', data: '{"a":\n1}' },
      // no id of its own: the last one stays (as EventSource's lastEventId)
      { id: 'h.1', event: 'resync', data: '{}' },
    ]);
    expect(parser.retryMs).toBe(3000);
    expect(parser.lastEventId).toBe('h.1');
  });

  it('keeps a message without a blank line pending, and drops one without data', () => {
    const parser = new SseParser();
    expect(parser.feed('id: h.7\n\n')).toEqual([]);
    expect(parser.lastEventId).toBe('h.7');
    expect(parser.feed('event: latest\ndata: {"rows":[]}\n')).toEqual([]);
    expect(parser.feed('\n')).toEqual([{ id: 'h.7', event: 'latest', data: '{"rows":[]}' }]);
  });

  it('turns only known events whose data fits the contract into live events', () => {
    expect(toLiveEvent({ id: '1', event: 'resync', data: '{}' })).toEqual({ name: 'resync', data: {} });
    expect(toLiveEvent({ id: '1', event: 'alert', data: '{"id":1}' })).toBeNull();
    expect(toLiveEvent({ id: '1', event: 'other', data: '{}' })).toBeNull();
    expect(toLiveEvent({ id: '1', event: 'latest', data: 'not json' })).toBeNull();
  });
});

/** A response whose body the test writes to, chunk by chunk, and ends. */
function controlledResponse(status = 200) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { status, headers: { 'content-type': 'text/event-stream' } }),
    write: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

const wait = (ms = 0) => new Promise((r) => setTimeout(r, ms));

describe('openLiveStream', () => {
  it('sends the session headers, dispatches events, and reconnects with back-off and Last-Event-ID', async () => {
    const first = controlledResponse();
    const second = controlledResponse();
    const calls: Headers[] = [];
    const responses = [first.response, second.response];
    const fetchStub = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
      calls.push(new Headers(init?.headers));
      return responses.shift() ?? new Response(null, { status: 503 });
    });
    const waits: number[] = [];
    const events: LiveEvent[] = [];
    const statuses: LiveStreamStatus[] = [];
    const stream = openLiveStream({
      headers: () => ({ Authorization: 'Bearer t1', 'X-Current-Company': 'c1' }),
      onEvent: (e) => events.push(e),
      onStatus: (s) => statuses.push(s),
      fetch: fetchStub,
      minDelayMs: 100,
      maxDelayMs: 400,
      sleep: async (ms) => {
        waits.push(ms);
        await wait();
      },
    });
    await wait();
    first.write('retry: 50\n: connected\n\nid: h.1\nevent: resync\ndata: {}\n\nid: h.2\nevent: re');
    await wait();
    expect(events).toEqual([{ name: 'resync', data: {} }]);
    // h.2 was cut before its blank line: not delivered, not the id to resume from
    expect(stream.lastEventId).toBe('h.1');
    first.end();
    await wait();
    second.write('id: h.9\nevent: resync\ndata: {}\n\n');
    await wait();
    expect(events).toHaveLength(2);
    second.end();
    // then two refusals (503) back off: 100 (server's 50 is below the floor), 100, 200, 400, 400 …
    await vi.waitFor(() => expect(waits.length).toBeGreaterThanOrEqual(5));
    stream.stop();
    expect(calls[0]!.get('authorization')).toBe('Bearer t1');
    expect(calls[0]!.get('x-current-company')).toBe('c1');
    expect(calls[0]!.get('last-event-id')).toBeNull();
    expect(calls[1]!.get('last-event-id')).toBe('h.1');
    expect(calls[2]!.get('last-event-id')).toBe('h.9');
    expect(waits.slice(0, 5)).toEqual([100, 100, 200, 400, 400]);
    expect(statuses).toContain('open');
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('stopped'));
  });

  it('stops for good on a refusal a retry cannot fix (401)', async () => {
    const fetchStub = vi.fn(async () => Response.json({ code: 'AU1003' }, { status: 401 }));
    const statuses: LiveStreamStatus[] = [];
    openLiveStream({
      headers: () => ({}),
      onEvent: () => undefined,
      onStatus: (s) => statuses.push(s),
      fetch: fetchStub,
      sleep: async () => undefined,
    });
    await vi.waitFor(() => expect(statuses.at(-1)).toBe('stopped'));
    expect(fetchStub).toHaveBeenCalledTimes(1);
  });
});

describe('createLiveEventHandler', () => {
  it('patches an alert in every cached list and refetches the lists; merges latest values by time', async () => {
    const queryClient = new QueryClient();
    const listKey = queryKeys.alerts.list({ state: 'unacknowledged' });
    queryClient.setQueryData<ListPage<Alert>>(listKey, { rows: [buildAlert()], total: 1 });
    const seen: string[] = [];
    const off = onLiveEvent((e) => seen.push(e.name));
    const handle = createLiveEventHandler(queryClient);

    handle({ name: 'alert', data: buildAlert({ state: 'acknowledged', acknowledgeComment: 'on it' }) });
    expect(queryClient.getQueryData<ListPage<Alert>>(listKey)!.rows[0]!.state).toBe('acknowledged');
    await vi.waitFor(() => expect(queryClient.getQueryState(listKey)!.isInvalidated).toBe(true));

    const row = { pointId, port: 'ai1', interpreted: 1, flag: 1, alertLevel: 'OK' as const };
    handle({ name: 'latest', data: { rows: [{ ...row, ts: '2026-03-01T10:00:00.000Z' }] } });
    handle({ name: 'latest', data: { rows: [{ ...row, ts: '2026-03-01T09:00:00.000Z', interpreted: 9 }] } });
    const latest = queryClient.getQueryData<LatestValues>(queryKeys.latest.all)!;
    expect(latest[latestKey(pointId, 'ai1')]!.interpreted).toBe(1);
    expect(seen).toEqual(['alert', 'latest', 'latest']);
    off();
  });
});
