/**
 * What a round evaluates in order for each series: the stored measures after the series' evaluated
 * time and before the round's bound, whoever committed them. Usually that is exactly the round's own
 * rows (one writer, devices reporting in order), so a count confirms it — one index range count per
 * series, no rows travel — and only series whose stored count differs (rows of another process or of
 * a round that failed, two devices on one point, a catch-up) are read back. Under load this was
 * most of a round: re-reading ~10 µs per row the writer had just written (docs/PERFORMANCE.md).
 */
import type { Db } from '../db/client';
import { countMeasuresBetween, measuresAfter, seriesId, type SeriesKey } from './alerting.repository';
import type { Sample } from './evaluator';

export interface ReadBackRange extends SeriesKey {
  /** Epoch ms of the newest evaluated sample (exclusive). */
  after: number;
  /** Epoch ms bound (exclusive); null: everything stored after `after` (catch-up). */
  upTo: number | null;
  /** The round's own committed rows of the series (any order). */
  own: Sample[];
}

export async function samplesInOrder(
  tx: Db,
  ranges: ReadBackRange[],
  limit: number,
  /** Series whose own rows are known to be all there is in their range (nothing to count). */
  trusted: (seriesId: string) => boolean = () => false,
): Promise<{ samples: Map<string, Sample[]>; unfinished: SeriesKey[] }> {
  const samples = new Map<string, Sample[]>();
  const ownInRange = new Map<string, Sample[]>();
  const bounded: Array<ReadBackRange & { upTo: number }> = [];
  for (const range of ranges) {
    if (range.upTo === null) continue;
    const { after, upTo } = range;
    const own = range.own.filter((x) => x.ts > after && x.ts < upTo);
    // devices report in order: sort only the rare series that did not
    if (own.some((x, i) => i > 0 && x.ts < own[i - 1]!.ts)) own.sort((a, b) => a.ts - b.ts);
    ownInRange.set(seriesId(range), own);
    bounded.push({ ...range, upTo });
  }
  const counts = await countMeasuresBetween(
    tx,
    bounded.filter((range) => !trusted(seriesId(range))),
  );
  for (const range of bounded)
    if (trusted(seriesId(range))) counts.set(seriesId(range), ownInRange.get(seriesId(range))!.length);
  const toRead: ReadBackRange[] = [];
  for (const range of ranges) {
    const id = seriesId(range);
    const own = ownInRange.get(id);
    if (own !== undefined && counts.get(id) === own.length) samples.set(id, own);
    else toRead.push(range);
  }
  const unfinished: SeriesKey[] = [];
  const read = await measuresAfter(tx, toRead, limit);
  for (const range of toRead) {
    const id = seriesId(range);
    const rows = read.get(id) ?? [];
    samples.set(id, rows);
    if (rows.length === limit) unfinished.push({ pointId: range.pointId, port: range.port });
  }
  return { samples, unfinished };
}
