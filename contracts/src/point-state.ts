/**
 * The current state of a measurement point, as every "at a glance" view shows it (monitoring list,
 * points list, overview): its latest reading and its level, both read from series_latest.
 *
 * - Latest reading: of the point's series (one per port), the one measured most recently (ties: the
 *   first port by key). A point without any reading has none.
 * - Level: the worst open level of the point (docs/ALERTS.md: the worst over its series' alert_level
 *   and its open point-wide alerts, e.g. No Transmission of a point never heard); 'OK' when nothing
 *   is open; null when the point has neither a reading nor an open alert ("no data").
 */
import { z } from 'zod';
import { alertLevels } from './constants';

export const pointLatestSchema = z.object({
  port: z.string(),
  ts: z.iso.datetime({ offset: true }),
  /** The interpreted value in the point's unit; null when it could not be converted (flag 4). */
  value: z.number().nullable(),
  /** QARTOD: 1 pass, 3 suspect, 4 fail, 9 missing. */
  flag: z.number().int(),
});
export type PointLatest = z.infer<typeof pointLatestSchema>;

export const pointLevelSchema = z.enum(alertLevels).nullable();
export type PointLevel = z.infer<typeof pointLevelSchema>;

/** The level filter's value for points with no reading and nothing open. */
export const noDataLevel = 'NO_DATA' as const;
export const pointLevelFilters = [...alertLevels, noDataLevel] as const;
export type PointLevelFilter = (typeof pointLevelFilters)[number];
