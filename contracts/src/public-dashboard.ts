/**
 * The public dashboard (docs/PUBLIC-DASHBOARD.md, issue 13 item 7): GET /public/dashboard/{slug} and the 7-day
 * chart of one of its points, without sign-in. Only what a company marked public, and only what a
 * visitor needs: no device, serial, user or internal field ever reaches these shapes.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { alertLevels } from './constants';
import { mapTilesSchema } from './map';
import { pointSeriesSchema } from './point-series';
import { pointKinds } from './points';
import { riverLevelViewSchema } from './river-level';

/** Responses may be reused this long (server cache and Cache-Control max-age). */
export const publicDashboardCacheSeconds = 60;
/** The only range the public chart offers: the last 7 days. */
export const publicSeriesRanges = ['7d'] as const;
export const publicSeriesRangeSeconds: Record<(typeof publicSeriesRanges)[number], number> = {
  '7d': 7 * 86_400,
};
/** Buckets of the public chart: enough for a page-wide line, little to send. */
export const publicSeriesBuckets = 500;

/** Any string up to a sane length: an unknown or malformed slug answers the same 404. */
export const publicDashboardParamsSchema = z.object({ slug: z.string().max(100) });
export const publicPointParamsSchema = publicDashboardParamsSchema.extend({ id: idSchema });
export const publicSeriesQuerySchema = z.object({ range: z.enum(publicSeriesRanges).default('7d') });

export const publicPointSchema = z.object({
  id: idSchema,
  name: z.string(),
  kind: z.enum(pointKinds),
  latitude: z.number(),
  longitude: z.number(),
  /** Worst open level of the point. */
  level: z.enum(alertLevels),
  unit: z.string(),
  riverLevel: riverLevelViewSchema,
});
export type PublicPoint = z.infer<typeof publicPointSchema>;

/** What the levels are measured from, in the request's language. */
export const publicDatumSchema = z.object({ groundLevel: z.string(), invertLevel: z.string() });
export type PublicDatum = z.infer<typeof publicDatumSchema>;

export const publicDashboardSchema = z.object({
  company: z.object({ name: z.string(), slug: z.string() }),
  points: z.array(publicPointSchema),
  datum: publicDatumSchema,
  tiles: mapTilesSchema,
});
export type PublicDashboard = z.infer<typeof publicDashboardSchema>;

export const publicSeriesSchema = pointSeriesSchema.pick({
  pointId: true,
  unit: true,
  from: true,
  to: true,
  bucketSeconds: true,
  raw: true,
  points: true,
  thresholds: true,
  groundLevel: true,
  invertLevel: true,
});
export type PublicSeries = z.infer<typeof publicSeriesSchema>;

/** The datum explained (docs/PUBLIC-DASHBOARD.md): the levels a river-level widget is read against. */
export const publicDatumTexts = {
  es: {
    groundLevel:
      'Cota del terreno: altura de la orilla o del suelo junto al punto. Si el nivel la supera, el agua desborda.',
    invertLevel:
      'Cota de solera (cero de la escala): el fondo del cauce o del canal. Los niveles se miden desde ella, en metros.',
  },
  en: {
    groundLevel:
      'Ground level: height of the bank or the ground beside the point. A level above it means the water overflows.',
    invertLevel:
      'Invert level (gauge zero): the bottom of the riverbed or channel. Levels are measured from it, in metres.',
  },
} as const satisfies Record<'es' | 'en', PublicDatum>;
