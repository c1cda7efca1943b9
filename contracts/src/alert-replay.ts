/**
 * The replay preview of a point's alert tuning (docs/ALERTS.md "Replay", docs/API.md):
 * POST /api/points/:id/alert-replay with candidate thresholds and delays answers how many DANGER and
 * WARNING alerts the last 30 days of stored measures would have raised with them, and with the
 * point's saved settings, through the engine's own evaluator.
 */
import { z } from 'zod';
import { alertDefaults } from './alert-types';
import { alertDeadbandSchema, alertDelaySchema, levelOrder } from './points';

/** How far back the replay reads the point's stored measures. */
export const alertReplayDays = 30;

const optionalNumber = z
  .number('number')
  .nullish()
  .transform((v) => v ?? null);

/** The candidate settings, as the point form holds them; a null threshold is that level off. */
export const alertReplayInputSchema = z
  .object({
    alertValue: optionalNumber,
    warningValue: optionalNumber,
    alertOnDelay: alertDelaySchema.default(alertDefaults.onDelaySamples),
    alertOffDelay: alertDelaySchema.default(alertDefaults.offDelaySamples),
    alertDeadband: alertDeadbandSchema,
  })
  // the same rule as the point form's
  .superRefine(levelOrder);
export type AlertReplayInput = z.input<typeof alertReplayInputSchema>;
export type AlertReplayInputParsed = z.output<typeof alertReplayInputSchema>;

/** Alerts opened, by level (DANGER: DANGER and HIGH_THRESHOLD; WARNING: WARNING and LOW_THRESHOLD). */
export const alertReplayCountsSchema = z.object({
  danger: z.number().int(),
  warning: z.number().int(),
});
export type AlertReplayCounts = z.infer<typeof alertReplayCountsSchema>;

export const alertReplaySchema = z.object({
  /** The replayed span: the last 30 days up to the request. */
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** The series replayed (the point's latest reading's port); null: the point has no measures. */
  port: z.string().nullable(),
  /** How many stored measures were replayed. */
  measures: z.number().int(),
  /** With the candidate settings of the body. */
  alerts: alertReplayCountsSchema,
  /** With the point's saved settings. */
  current: alertReplayCountsSchema,
});
export type AlertReplay = z.infer<typeof alertReplaySchema>;
