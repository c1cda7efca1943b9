/**
 * What a run of the ingestion benchmark left behind, checked: the server's alert delays, every
 * message acked in full, and the database holding exactly the measures the acks accepted.
 */
import { readFileSync, rmSync } from 'node:fs';
import type { LoadGenerator } from './ingest-load';
import { latencyOf, type EngineResult } from './ingest-report';
import { queryDatabase } from './ingest-server';

/** The commit → alert-recorded delays the server wrote at shutdown (ALERT_DELAYS_FILE, one per ingest process). */
export function readAlertDelays(delaysFiles: string[], result: EngineResult): void {
  const { errors } = result;
  try {
    // every round of the run (warm-up included): each engine keeps its last 10,000
    const delays = delaysFiles.flatMap((file) => JSON.parse(readFileSync(file, 'utf8')) as number[]);
    result.alertDelay = latencyOf(delays);
    delaysFiles.forEach((file) => rmSync(file, { force: true }));
  } catch (err) {
    errors.push(`no alert delays from the server: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Tallies the acks of every message and counts the run's rows in the database; errors go to `result`. */
export async function checkDelivery(
  generator: LoadGenerator,
  serialPrefix: string,
  /** The server's database: DATABASE_URL's fresh copy, or its PGlite data directory. */
  database: { databaseUrl?: string; dataDir: string },
  result: EngineResult,
): Promise<void> {
  const { errors } = result;
  let acceptedByAcks = 0;
  const counts = { failed: 0, noAck: 0, partly: 0, duplicates: 0, rejected: 0 };
  for (const r of generator.records) {
    if (r.error) counts.failed++;
    else if (r.ack === undefined) counts.noAck++;
    else {
      acceptedByAcks += r.accepted ?? 0;
      if ((r.duplicates ?? 0) > 0) counts.duplicates += r.duplicates!;
      if ((r.rejected ?? 0) > 0) counts.rejected += r.rejected!;
      if (r.accepted !== r.measures) counts.partly++;
    }
  }
  if (counts.failed) errors.push(`${counts.failed} publishes failed`);
  if (counts.noAck) errors.push(`${counts.noAck} messages never got their ack message`);
  if (counts.partly) errors.push(`${counts.partly} messages with fewer accepted measures than sent`);
  if (counts.duplicates) errors.push(`${counts.duplicates} measures counted as duplicates`);
  if (counts.rejected) errors.push(`${counts.rejected} measures rejected`);
  errors.push(...generator.errors.slice(0, 20));
  if (generator.errors.length > 20) errors.push(`… and ${generator.errors.length - 20} more client errors`);
  if (serialPrefix) {
    try {
      const rows = await queryDatabase<{ n: number }>(
        database,
        `SELECT count(*)::int AS n FROM measures m JOIN devices d ON d.id = m.device_id WHERE d.serial LIKE '${serialPrefix}%'`,
      );
      const stored = Number(rows[0]?.n ?? 0);
      const recorded = await queryDatabase<{ n: number }>(
        database,
        `SELECT count(*)::int AS n FROM alerts a JOIN devices d ON d.id = a.device_id WHERE d.serial LIKE '${serialPrefix}%'`,
      );
      result.alertsRecorded = Number(recorded[0]?.n ?? 0);
      result.verify = {
        acceptedByAcks,
        storedInDatabase: stored,
        messages: generator.records.length,
        ok: stored === acceptedByAcks,
      };
      if (!result.verify.ok)
        errors.push(`the database holds ${stored} measures of the run, the acks accepted ${acceptedByAcks}`);
    } catch (err) {
      errors.push(`counting the stored measures failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
