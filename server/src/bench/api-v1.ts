/**
 * The /api/v1 part of `npm run bench:api` (issue 26): a company "Bench API v1" of 1,000 points, each
 * with a latest value, one of them with last month of 10-minute measures, on a plan of 100 million
 * calls; a token of it made through POST /api/tokens by the provider admin. Times (one client,
 * median of `samples`): the latest values of the 1,000 points and one point-month of observations;
 * then 50 clients for `seconds` on /api/v1/latest reading each answer's Server-Timing `quota;dur`
 * (the token check and its count, measured inside the server): its p50 and p99 are what the quota
 * adds to a call.
 */
import pg from 'pg';

export interface V1Figures {
  points: number;
  latestMs: number;
  monthRows: number;
  monthMs: number;
  quotaP50: number;
  quotaP99: number;
  loadRps: number;
  loadP99: number;
}

const companyName = 'Bench API v1';

/** Builds the company once (kept with --reuse); returns its id and the point with a month of data. */
export async function prepareV1Company(url: string): Promise<{ companyId: string; monthPoint: string }> {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  try {
    const found = await db.query<{ id: string }>('select id::text from companies where business_name = $1', [
      companyName,
    ]);
    if (found.rows[0]) {
      const point = await db.query<{ id: string }>(
        `select id::text from measurement_points where company_id = $1 and name = 'V1 0000'`,
        [found.rows[0].id],
      );
      return { companyId: found.rows[0].id, monthPoint: point.rows[0]!.id };
    }
    await db.query('begin');
    const plan = await db.query<{ id: string }>(
      `insert into billing_plans (name, monthly_api_calls, max_points, max_users)
       values ('Bench API v1', 100000000, 5000, 10) returning id::text`,
    );
    const company = await db.query<{ id: string }>(
      `insert into companies (business_name, slug, billing_plan_id) values ($1, 'bench-api-v1', $2) returning id::text`,
      [companyName, plan.rows[0]!.id],
    );
    const companyId = company.rows[0]!.id;
    const points = await db.query<{ id: string }>(
      `insert into measurement_points (company_id, name, latitude, longitude, kind, measure_time, transmission_time)
       select $1, 'V1 ' || lpad(i::text, 4, '0'), 40 + i / 1000.0, -3 - i / 1000.0, 'river', 600, 600
       from generate_series(0, 999) i returning id::text`,
      [companyId],
    );
    const ids = points.rows.map((r) => r.id);
    await db.query(
      `insert into series_latest (point_id, port, device_id, ts, interpreted, flag)
       select p, 'ai1', p, now() - interval '5 minutes', 1.5, 1 from unnest($1::uuid[]) p`,
      [ids],
    );
    const monthPoint = (
      await db.query<{ id: string }>(
        `select id::text from measurement_points where company_id = $1 and name = 'V1 0000'`,
        [companyId],
      )
    ).rows[0]!.id;
    // last calendar month (UTC) of 10-minute measures: 4,320–4,464 rows
    await db.query(
      `insert into measures (device_id, point_id, port, ts, direct, adjusted, interpreted, flag)
       select $1, $1, 'ai1', t, 12, 12, 1 + sin(extract(epoch from t) / 20000), 1
       from generate_series(date_trunc('month', now() at time zone 'utc') at time zone 'utc' - interval '1 month',
                            date_trunc('month', now() at time zone 'utc') at time zone 'utc' - interval '10 minutes',
                            interval '10 minutes') t`,
      [monthPoint],
    );
    await db.query('commit');
    // fresh statistics: without them the planner took the 1,000 new points for one row and the
    // devices page scanned every point once per device (docs/PERFORMANCE.md)
    await db.query('analyze');
    return { companyId, monthPoint };
  } finally {
    await db.end();
  }
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)]!;
const percentile = (v: number[], p: number) => {
  const sorted = [...v].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

async function timed(url: string, secret: string): Promise<{ ms: number; body: unknown; quota: number }> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${secret}` } });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  const quota = Number(/quota;dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1] ?? NaN);
  return { ms, body, quota };
}

export async function benchV1(options: {
  base: string;
  adminToken: string;
  companyId: string;
  monthPoint: string;
  samples: number;
  seconds: number;
  connections: number;
}): Promise<V1Figures> {
  const { base, companyId, monthPoint } = options;
  const created = await fetch(`${base}/api/tokens`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${options.adminToken}`,
      'x-current-company': companyId,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ alias: `bench ${new Date().toISOString()}` }),
  });
  if (created.status !== 201) throw new Error(`POST /api/tokens: ${created.status} ${await created.text()}`);
  const { secret } = (await created.json()) as { secret: string };

  const now = new Date();
  const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString();
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
  const latest = [];
  const month = [];
  let points = 0;
  let monthRows = 0;
  for (let i = 0; i < options.samples + 2; i++) {
    const l = await timed(`${base}/api/v1/latest`, secret);
    const m = await timed(
      `${base}/api/v1/points/${monthPoint}/observations?from=${from}&to=${to}&limit=10000`,
      secret,
    );
    if (i < 2) continue; // warm-up
    latest.push(l.ms);
    month.push(m.ms);
    points = (l.body as { value: unknown[] }).value.length;
    monthRows = (m.body as { value: unknown[] }).value.length;
  }

  // 50 clients on the latest values: what the quota check costs each call, from the server's own timing
  const quotas: number[] = [];
  const latencies: number[] = [];
  const deadline = Date.now() + options.seconds * 1000;
  await Promise.all(
    Array.from({ length: options.connections }, async () => {
      while (Date.now() < deadline) {
        const r = await timed(`${base}/api/v1/points?limit=25`, secret);
        quotas.push(r.quota);
        latencies.push(r.ms);
      }
    }),
  );
  return {
    points,
    latestMs: median(latest),
    monthRows,
    monthMs: median(month),
    quotaP50: percentile(quotas, 0.5),
    quotaP99: percentile(quotas, 0.99),
    loadRps: quotas.length / options.seconds,
    loadP99: percentile(latencies, 0.99),
  };
}
