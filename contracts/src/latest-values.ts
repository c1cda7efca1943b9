/**
 * The latest value of every series of a company's points (issue 13 item 8): one row per point and
 * port, read from series_latest, never from measures. The monitoring list, the map and the overview
 * colour points from `level` (the worst open alert level of the series; a point's colour is the
 * worst over its series, contracts alert-types.ts worstLevel). Rows come in no particular order.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { alertLevels } from './constants';

/** Most rows one call returns (a company's points × their ports). */
export const maxLatestValues = 20_000;

export const latestValueSchema = z.object({
  pointId: idSchema,
  port: z.string(),
  ts: z.iso.datetime({ offset: true }),
  /** Interpreted value; null when the conversion failed (flag 4). */
  value: z.number().nullable(),
  /** QARTOD flag of the measure. */
  flag: z.number().int(),
  level: z.enum(alertLevels),
});
export type LatestValue = z.infer<typeof latestValueSchema>;

export const latestValuesSchema = z.object({
  items: z.array(latestValueSchema),
  /** True when the company has more series than maxLatestValues (which ones are left out is unspecified). */
  truncated: z.boolean(),
});
export type LatestValues = z.infer<typeof latestValuesSchema>;
