/**
 * `npm run bench:ingest -- --baseline [--rows 1000000]` (DATABASE_URL required): how fast this
 * machine's PostgreSQL takes rows with no application in between, so the ingestion figures can be
 * read against it. Through psql, the way an operator would load a file:
 *   1. COPY into a bare table (no key, no index): the ceiling quoted in issue 5;
 *   2. COPY into a table shaped like `measures` (primary key + the chart index);
 *   3. INSERT … SELECT FROM unnest(arrays) ON CONFLICT DO NOTHING, 5,000 rows a statement, into the
 *      same shape: the multi-row statement an application sends.
 * Row generation runs in this process at the same time, as the device generator does in the benchmark.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';

const columns = `device_id uuid NOT NULL, port text NOT NULL, ts timestamptz NOT NULL, point_id uuid,
  direct float8 NOT NULL, adjusted float8 NOT NULL, interpreted float8, flag smallint NOT NULL,
  received_at timestamptz NOT NULL, topic text`;

const setupSql = `
DROP TABLE IF EXISTS bare, shaped;
CREATE TABLE bare (${columns});
CREATE TABLE shaped (${columns}, PRIMARY KEY (device_id, port, ts));
CREATE INDEX shaped_chart ON shaped (point_id, port, ts) INCLUDE (interpreted, flag);
`;

function psql(url: string, args: string[]): { done: Promise<void>; stdin: NodeJS.WritableStream } {
  const child = spawn('psql', [url, '-X', '-q', '-v', 'ON_ERROR_STOP=1', ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString('utf8')));
  const done = new Promise<void>((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`psql failed (${code}): ${err}`)),
    ),
  );
  return { done, stdin: child.stdin };
}

/** 100 devices, one port, 1-second steps, values of a 4-20 mA sensor. */
function* rows(count: number) {
  const devices = Array.from({ length: 100 }, () => ({ id: randomUUID(), point: randomUUID() }));
  const start = Date.UTC(2026, 0, 1) / 1000;
  const now = new Date().toISOString();
  for (let i = 0; i < count; i++) {
    const d = devices[i % 100]!;
    const ts = new Date((start + Math.floor(i / 100)) * 1000).toISOString();
    const mA = 12 + 4 * Math.sin(i / 6000);
    yield [d.id, 'ai1', ts, d.point, mA, mA, (mA - 4) * 0.625, 1, now, 'aforo/v1/LVL/x/up'] as const;
  }
}

async function feed(stdin: NodeJS.WritableStream, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) if (!stdin.write(chunk)) await once(stdin, 'drain');
  stdin.end();
}

function* copyText(count: number): Generator<string> {
  let buffer: string[] = [];
  for (const r of rows(count)) {
    buffer.push(r.join('\t'));
    if (buffer.length === 5_000) {
      yield `${buffer.join('\n')}\n`;
      buffer = [];
    }
  }
  if (buffer.length) yield `${buffer.join('\n')}\n`;
  yield '\\.\n';
}

function* unnestSql(count: number, batch: number): Generator<string> {
  const cols: string[][] = Array.from({ length: 10 }, () => []);
  const flush = () => {
    const arrays = cols.map((c) => `'{${c.join(',')}}'`);
    const types = [
      'uuid',
      'text',
      'timestamptz',
      'uuid',
      'float8',
      'float8',
      'float8',
      'int2',
      'timestamptz',
      'text',
    ];
    const args = arrays.map((a, i) => `${a}::${types[i]}[]`).join(',');
    for (const c of cols) c.length = 0;
    return `INSERT INTO shaped SELECT * FROM unnest(${args}) ON CONFLICT DO NOTHING;\n`;
  };
  let n = 0;
  for (const r of rows(count)) {
    r.forEach((v, i) => cols[i]!.push(typeof v === 'string' && i === 9 ? `"${v}"` : String(v)));
    if (++n === batch) {
      yield flush();
      n = 0;
    }
  }
  if (n) yield flush();
}

export interface BaselineFigures {
  rows: number;
  copyBare: number;
  copyShaped: number;
  unnestShaped: number;
}

export async function runBaseline(url: string, count: number): Promise<BaselineFigures> {
  const setup = psql(url, ['-c', setupSql]);
  setup.stdin.end();
  await setup.done;

  const timed = async (args: string[], chunks: Iterable<string>) => {
    const started = performance.now();
    const p = psql(url, args);
    await feed(p.stdin, chunks);
    await p.done;
    return count / ((performance.now() - started) / 1000);
  };
  const copyBare = await timed(['-c', 'COPY bare FROM STDIN'], copyText(count));
  const copyShaped = await timed(['-c', 'COPY shaped FROM STDIN'], copyText(count));
  const truncate = psql(url, ['-c', 'TRUNCATE shaped', '-c', 'VACUUM ANALYZE shaped']);
  truncate.stdin.end();
  await truncate.done;
  const unnestShaped = await timed(['-f', '-'], unnestSql(count, 5_000));

  const drop = psql(url, ['-c', 'DROP TABLE bare, shaped']);
  drop.stdin.end();
  await drop.done;
  return { rows: count, copyBare, copyShaped, unnestShaped };
}
