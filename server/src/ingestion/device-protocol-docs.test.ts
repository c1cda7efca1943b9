/**
 * The examples of docs/DEVICE-PROTOCOL.md are what device makers copy: each code block marked
 * `<!-- schema: … -->` is checked here against the contract schemas and the server's own pipeline,
 * and every ```json block must carry such a mark.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  deviceAckSchema,
  deviceConfigSchema,
  nativePayloadSchema,
  senmlPackSchema,
  thingsboardBodySchema,
} from '@aforo/contracts/device-protocol';
import { decodePayload } from './decoders';
import type { DeviceContext, DeviceDirectory } from './device-directory';
import { createPipeline } from './pipeline';

const docPath = new URL('../../../docs/DEVICE-PROTOCOL.md', import.meta.url);

const uplinkSchemas = {
  native: nativePayloadSchema,
  senml: senmlPackSchema,
  thingsboard: thingsboardBodySchema,
} as const;
const kinds = ['native', 'senml', 'thingsboard', 'events', 'ack', 'config', 'http-up'] as const;
type Kind = (typeof kinds)[number];

interface Block {
  /** 1-based line of the opening fence. */
  line: number;
  lang: string;
  kind: string | null;
  text: string;
}

/** Every fenced block of a markdown text, with the `<!-- schema: kind -->` mark above it, if any. */
function codeBlocks(markdown: string): { blocks: Block[]; marks: number } {
  const lines = markdown.split('\n');
  const blocks: Block[] = [];
  let marks = 0;
  for (let i = 0; i < lines.length; i++) {
    if (/^\s*<!-- schema: /.test(lines[i]!)) marks++;
    const open = /^(\s*)```(\S*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && l.trim() === '```');
    if (end < 0) throw new Error(`line ${i + 1}: code block never closed`);
    let above = i - 1;
    while (above >= 0 && lines[above]!.trim() === '') above--;
    const mark = above >= 0 ? /^\s*<!-- schema: ([a-z-]+) -->\s*$/.exec(lines[above]!) : null;
    blocks.push({
      line: i + 1,
      lang: open[2]!,
      kind: mark ? mark[1]! : null,
      text: lines.slice(i + 1, end).join('\n'),
    });
    i = end;
  }
  return { blocks, marks };
}

/** The device the examples speak of: AFR-1001, an LVL of model MDS-Dipper-PT with port ai1, not installed. */
const device: DeviceContext = {
  id: '00000000-0000-4000-8000-000000000001',
  serial: 'AFR-1001',
  state: 'Active',
  companyId: null,
  keyHash: null,
  productCode: 'LVL',
  productKeyHash: null,
  modelId: '00000000-0000-4000-8000-000000000002',
  modelName: 'MDS-Dipper-PT',
  ports: new Map([['ai1', 'current_4_20']]),
  sentinels: new Map(),
  firmwares: new Map(),
  point: null,
};
const directory: DeviceDirectory = {
  get: (serial) => Promise.resolve(serial === device.serial ? device : null),
  authenticate: () => Promise.resolve(null),
  productExists: (code) => Promise.resolve(code === device.productCode),
  modelExists: (name) => Promise.resolve(name === device.modelName),
  invalidate: () => undefined,
  cacheSize: () => 0,
};
const pipeline = createPipeline({ directory, backfillDays: 90, maxMessageBytes: 256 * 1024 });
/** Half an hour after the examples' first measure (2026-01-01T10:00:00Z): all of them in the window. */
const receivedAt = new Date('2026-01-01T10:30:00Z');
/** A message of AFR-1001 on one of its MQTT topics, or over HTTP (no topic). */
const incoming = (channel: 'up' | 'events' | 'http', text: string) => ({
  topic: channel === 'http' ? null : `aforo/v1/LVL/AFR-1001/${channel}`,
  payload: Buffer.from(text),
  serial: device.serial,
  topicProduct: channel === 'http' ? null : 'LVL',
  receivedAt,
});

/** An uplink body the server takes whole: decoded as `format`, no measure refused. */
async function expectStoredWhole(
  format: keyof typeof uplinkSchemas,
  text: string,
  channel: 'up' | 'http' = 'up',
): Promise<void> {
  const decoded = decodePayload(text, receivedAt);
  expect(decoded).toMatchObject({ ok: true, message: { format } });
  // no transforms in these schemas: a difference is a field the schema does not know (a typo)
  const body: unknown = JSON.parse(text);
  expect(uplinkSchemas[format].parse(body)).toEqual(body);
  const prepared = await pipeline.up(incoming(channel, text));
  expect(prepared.error).toBeNull();
  expect(prepared.rejected).toEqual([]);
  expect(prepared.measures.length).toBeGreaterThan(0);
}

const checks: Record<Kind, (text: string) => Promise<void> | void> = {
  native: (text) => expectStoredWhole('native', text),
  senml: (text) => expectStoredWhole('senml', text),
  thingsboard: (text) => expectStoredWhole('thingsboard', text),
  async events(text) {
    const prepared = await pipeline.events(incoming('events', text));
    expect(prepared.error).toBeNull();
    // the pipeline ignores fields it does not know: a misspelt one would go unnoticed
    const body: unknown = JSON.parse(text);
    for (const e of Array.isArray(body) ? body : [body])
      expect(Object.keys(e as object).filter((k) => !['type', 'message', 't'].includes(k))).toEqual([]);
  },
  ack(text) {
    const body: unknown = JSON.parse(text);
    const ack = deviceAckSchema.parse(body);
    expect(ack).toEqual(body);
    // as writer.ts builds it: duplicates are also listed in rejected, which is in message order
    expect(ack.rejected.filter((r) => r.reason === 'duplicated measure')).toHaveLength(ack.duplicates);
    expect(ack.rejected.map((r) => r.i)).toEqual(ack.rejected.map((r) => r.i).sort((a, b) => a - b));
  },
  config(text) {
    const body: unknown = JSON.parse(text);
    expect(deviceConfigSchema.parse(body)).toEqual(body);
  },
  async 'http-up'(text) {
    const [head = '', ...rest] = text.split('\n\n');
    const [requestLine, ...headers] = head.split('\n');
    expect(requestLine).toBe('POST /ingest/v1/up');
    expect(headers).toContainEqual(expect.stringMatching(/^Authorization: Device AFR-1001:\S/));
    expect(headers).toContain('Content-Type: application/json');
    const bodyText = rest.join('\n\n');
    const decoded = decodePayload(bodyText, receivedAt);
    if (!decoded.ok) throw new Error(`HTTP body: ${decoded.detail}`);
    await expectStoredWhole(decoded.message.format, bodyText, 'http');
  },
};

const { blocks, marks } = codeBlocks(readFileSync(docPath, 'utf8'));
const marked = blocks.filter((b): b is Block & { kind: string } => b.kind !== null);

describe('docs/DEVICE-PROTOCOL.md examples', () => {
  it('marks every JSON block with a known schema, and every mark sits on a block', () => {
    expect(blocks.filter((b) => b.lang === 'json' && b.kind === null).map((b) => `line ${b.line}`)).toEqual(
      [],
    );
    expect(marked.filter((b) => !(kinds as readonly string[]).includes(b.kind)).map((b) => b.kind)).toEqual(
      [],
    );
    expect(marked).toHaveLength(marks);
    // the page's examples of each kind are all there (a mark lost in an edit would skip its block)
    expect(new Set(marked.map((b) => b.kind))).toEqual(new Set(kinds));
  });

  it.each(marked.map((b) => [`line ${b.line}: ${b.kind}`, b] as const))('%s', async (_name, block) => {
    await checks[block.kind as Kind](block.text);
  });
});

describe('codeBlocks', () => {
  it('finds indented fences, their language and the mark above a blank line', () => {
    const md = ['<!-- schema: ack -->', '', '```json', '{}', '```', '', '   ```sh', '   ls', '   ```'];
    expect(codeBlocks(md.join('\n'))).toEqual({
      blocks: [
        { line: 3, lang: 'json', kind: 'ack', text: '{}' },
        { line: 7, lang: 'sh', kind: null, text: '   ls' },
      ],
      marks: 1,
    });
  });
});
