/**
 * The live stream client (GET /api/stream, contracts/src/stream.ts). EventSource cannot send the
 * Authorization and X-Current-Company headers the API needs, so the stream is read with fetch and a
 * ReadableStream, parsed here, and reopened with back-off sending the last id as Last-Event-ID (the
 * server replays what was missed, or answers `resync`). Framework free: lib/live-stream-provider.tsx
 * feeds it into TanStack Query.
 */
import { streamEvents } from '@aforo/contracts/stream';
import type { StreamEventData, StreamEventName } from '@aforo/contracts/stream';

export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * An incremental Server-Sent Events parser (the WHATWG rules the server's format needs): fields per
 * line, messages end at a blank line, comments (`: ping`) ignored, CRLF, CR or LF line ends, chunks cut
 * anywhere. `lastEventId` is the id to resume from, kept across messages like EventSource does.
 */
export class SseParser {
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;
  lastEventId: string | undefined;
  /** The server's `retry:` in ms, if it sent one. */
  retryMs: number | undefined;

  /** Feeds decoded text; returns the messages it completed. */
  feed(text: string): SseMessage[] {
    this.buffer += text;
    const out: SseMessage[] = [];
    for (;;) {
      const match = /\r\n|\r|\n/.exec(this.buffer);
      // a lone CR at the very end may be the first half of a CRLF: wait for the next chunk
      if (!match || (match[0] === '\r' && match.index === this.buffer.length - 1)) break;
      const line = this.buffer.slice(0, match.index);
      this.buffer = this.buffer.slice(match.index + match[0].length);
      const message = this.line(line);
      if (message) out.push(message);
    }
    return out;
  }

  private line(line: string): SseMessage | null {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) this.retryMs = Number(value);
    return null;
  }

  private dispatch(): SseMessage | null {
    if (this.id !== undefined) this.lastEventId = this.id;
    const message =
      this.data.length > 0
        ? { id: this.lastEventId, event: this.event || 'message', data: this.data.join('\n') }
        : null;
    this.event = '';
    this.data = [];
    this.id = undefined;
    return message;
  }
}

export type LiveEvent = {
  [K in StreamEventName]: { name: K; data: StreamEventData<K> };
}[StreamEventName];

/** A message of a known event whose data fits the contract; anything else is null (and skipped). */
export function toLiveEvent(message: SseMessage): LiveEvent | null {
  if (!(message.event in streamEvents)) return null;
  const name = message.event as StreamEventName;
  let json: unknown;
  try {
    json = JSON.parse(message.data);
  } catch {
    return null;
  }
  const parsed = streamEvents[name].safeParse(json);
  return parsed.success ? ({ name, data: parsed.data } as LiveEvent) : null;
}

export type LiveStreamStatus = 'connecting' | 'open' | 'waiting' | 'stopped';

export interface LiveStreamOptions {
  /** The headers of the next connection (token, company, language), read at every (re)connection. */
  headers: () => Record<string, string>;
  onEvent: (event: LiveEvent) => void;
  onStatus?: (status: LiveStreamStatus) => void;
  url?: string;
  fetch?: typeof fetch;
  /** Back-off between attempts: first wait and ceiling (ms); doubles after each failed attempt. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** How to wait (tests pass a fake). */
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

export interface LiveStream {
  /** The id the next connection resumes from. */
  readonly lastEventId: string | undefined;
  stop(): void;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** Refusals a retry cannot fix (signed out, no company, no right): the stream stops. */
const isFinal = (status: number) => status >= 400 && status < 500 && status !== 408 && status !== 429;

/** Opens the stream and keeps it open until stop(). */
export function openLiveStream(options: LiveStreamOptions): LiveStream {
  const {
    headers,
    onEvent,
    onStatus = () => undefined,
    url = '/api/stream',
    fetch: fetchImpl = globalThis.fetch.bind(globalThis),
    minDelayMs = 1000,
    maxDelayMs = 30_000,
    sleep = abortableSleep,
  } = options;
  const controller = new AbortController();
  const { signal } = controller;
  let lastEventId: string | undefined;
  let delay = minDelayMs;

  /** One connection: resolves when it ends; true when it was refused for good. */
  async function connect(): Promise<boolean> {
    const parser = new SseParser();
    parser.lastEventId = lastEventId;
    const response = await fetchImpl(url, {
      headers: {
        Accept: 'text/event-stream',
        ...headers(),
        ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
      },
      cache: 'no-store',
      signal,
    });
    if (!response.ok || !response.body) {
      await response.body?.cancel().catch(() => undefined);
      return isFinal(response.status);
    }
    onStatus('open');
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      // a connection that delivers anything is healthy: the next failure starts the back-off again
      delay = minDelayMs;
      if (parser.retryMs !== undefined) delay = Math.max(minDelayMs, parser.retryMs);
      for (const message of parser.feed(value)) {
        lastEventId = parser.lastEventId;
        const event = toLiveEvent(message);
        if (event) onEvent(event);
      }
      lastEventId = parser.lastEventId;
    }
  }

  void (async () => {
    while (!signal.aborted) {
      onStatus('connecting');
      let final = false;
      try {
        final = await connect();
      } catch {
        // network error or abort: retry unless stopped
      }
      if (signal.aborted || final) break;
      onStatus('waiting');
      await sleep(delay, signal);
      delay = Math.min(delay * 2, maxDelayMs);
    }
    onStatus('stopped');
  })();

  return {
    get lastEventId() {
      return lastEventId;
    },
    stop: () => controller.abort(),
  };
}
