/**
 * One read timed by `npm run bench:queries` (issue 13: chart, latest values, monitoring list, map
 * payload). Each read module exports a BenchQuery; `queries/index.ts` lists them and the runner
 * (`bench/queries.ts`) builds the data set once and times every query warm (median of N runs).
 */
import type { Database } from '../../db/client';
import type { RequestContext } from '../../core/request-context';

/** The data set every query reads (PostgreSQL or PGlite, built by the runner). */
export interface BenchDataSet {
  database: Database;
  /** A client admin of the bench company, current company set: what a service call needs. */
  context: RequestContext;
  companyId: string;
  /** 200 points × 1 year of 10-minute data (port ai1). */
  tenMinutePointIds: string[];
  /** 10 points × 1 year of 1-minute data (port ai1). */
  oneMinutePointIds: string[];
  /** Every point of the company (5,000: the ones above plus points with a latest value only). */
  allPointIds: string[];
}

export interface BenchQuery {
  /** Printed name, e.g. "point-year chart, 1-minute data". */
  name: string;
  /** The target, printed beside the figure, e.g. "≤ 30 ms median". */
  target: string;
  /** Target check on the median (ms) and the payload size (bytes of its JSON). */
  met(medianMs: number, bytes: number): boolean;
  /** One run; returns what an HTTP response would carry (its JSON size is reported). */
  run(data: BenchDataSet): Promise<unknown>;
  /** Before each run, not timed: what happens between two calls (e.g. points announcing new values). */
  between?(data: BenchDataSet): Promise<void>;
}
