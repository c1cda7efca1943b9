/**
 * `DATABASE_URL=postgres://… npm run bench:queries -- [--reuse] [--runs 20] [--only chart]
 *  [--database aforo_bench_queries]`
 *
 * Issue 13 read paths: builds the data set (bench/queries/data-set.ts) in a fresh database of the
 * server DATABASE_URL names (the database part of the URL is only where to connect to create it),
 * runs the migrations, then times every registered query (bench/queries/index.ts) warm: one first
 * run, then the median and p95 of `runs`, with the target, met or not, and the JSON size of the
 * answer. `--reuse` keeps the database when it already holds the complete data set.
 */
import { parseArgs } from 'node:util';
import { execSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../db/client';
import { buildDataSet, findDataSet } from './queries/data-set';
import { benchQueries } from './queries/index';
import type { BenchDataSet } from './queries/query';

const { values: args } = parseArgs({
  options: {
    reuse: { type: 'boolean', default: false },
    runs: { type: 'string', default: '20' },
    only: { type: 'string' },
    database: { type: 'string', default: 'aforo_bench_queries' },
  },
});
const runs = Math.max(1, Number(args.runs));
const ms = (n: number) => `${n.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;
};

async function databaseExists(admin: pg.Client, name: string): Promise<boolean> {
  const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
  return (found.rowCount ?? 0) > 0;
}

async function openDataSet(url: string): Promise<{ data: BenchDataSet; database: Database }> {
  const name = args.database!;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    if (args.reuse && (await databaseExists(admin, name))) {
      const database = await openDatabase({ url: target.toString(), poolSize: 4 });
      await database.migrate();
      const data = await findDataSet(database);
      if (data) {
        console.log(`Reusing the data set in ${name}`);
        return { data, database };
      }
      console.log(`${name} lacks the complete data set: building it again`);
      await database.close();
    }
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: target.toString(), poolSize: 4 });
  const t0 = performance.now();
  await database.migrate();
  const started = performance.now();
  const data = await buildDataSet(database, (line) =>
    console.log(`[${((performance.now() - started) / 1000).toFixed(0)} s] ${line}`),
  );
  console.log(`Data set built in ${((performance.now() - t0) / 1000).toFixed(0)} s (migrations included)`);
  return { data, database };
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL must name a PostgreSQL server (the data set is built there)');
  const { data, database } = await openDataSet(url);
  try {
    const result = await database.db.execute(sql`show server_version`);
    const version = (result as unknown as { rows: { server_version: string }[] }).rows[0]?.server_version;
    const queries = benchQueries.filter((q) => !args.only || q.name.includes(args.only));
    console.log(
      `\nPostgreSQL ${version}: ${data.allPointIds.length} points (${data.tenMinutePointIds.length} × 1 year of 10-minute data, ` +
        `${data.oneMinutePointIds.length} × 1 year of 1-minute data); ${runs} warm runs per query; ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(2))
          .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(
      `${'query'.padEnd(46)} ${'first'.padStart(9)} ${'median'.padStart(9)} ${'p95'.padStart(9)} ` +
        `${'size'.padStart(10)}  target`,
    );
    for (const query of queries) {
      await query.between?.(data);
      const t0 = performance.now();
      const first = await query.run(data);
      const firstMs = performance.now() - t0;
      const bytes = Buffer.byteLength(JSON.stringify(first));
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        await query.between?.(data);
        const t = performance.now();
        await query.run(data);
        times.push(performance.now() - t);
      }
      const median = percentile(times, 0.5);
      const verdict = query.met(median, bytes) ? 'met' : 'NOT met';
      console.log(
        `${query.name.padEnd(46)} ${ms(firstMs).padStart(9)} ${ms(median).padStart(9)} ` +
          `${ms(percentile(times, 0.95)).padStart(9)} ${kb(bytes).padStart(10)}  ${query.target}: ${verdict}`,
      );
    }
    console.log(`uptime: ${execSync('uptime').toString().trim()}`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
