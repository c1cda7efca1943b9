/**
 * The external read API under /api/v1 (docs/API.md "External API"), for a company's systems with an
 * API token. Shapes follow OGC SensorThings 1.1 one to one, so an adapter needs no lookup tables:
 * point → Thing (with its Location), series (point + port) → Datastream, measure → Observation,
 * QARTOD flag → resultQuality. Collections answer `{value, "@iot.nextLink"}`; the next link carries
 * an opaque cursor (keyset paging: stable while new data arrives).
 *
 * GET /api/v1/points                                  Things with Locations and Datastreams
 * GET /api/v1/latest                                  the latest Observation of every Datastream
 * GET /api/v1/points/{id}/observations?port&from&to   raw (cursor) or `buckets=N` (downsampled)
 * GET /api/v1/alerts?from&to                          alerts of the token's points
 * GET /api/v1/daily-summaries?pointId&from&to         daily summaries (docs/REPORTS.md)
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { queryDate, requiredQueryDate, safeText } from './common/text';

export const v1PageLimits = { default: 1000, max: 10_000 } as const;

const cursorQuery = {
  /** Opaque: copy it from `@iot.nextLink`. */
  cursor: safeText().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(v1PageLimits.max).default(v1PageLimits.default),
};
const page = <T extends z.ZodType>(item: T) =>
  z.object({ value: z.array(item), '@iot.nextLink': z.string().nullable() });

/** QARTOD flag (1 good, 2 not evaluated, 3 suspect, 4 bad, 9 missing) as SensorThings resultQuality. */
export const resultQualitySchema = z.object({ qartodFlag: z.number().int(), label: z.string() });

export const datastreamSchema = z.object({
  '@iot.id': z.string(),
  name: z.string(),
  unitOfMeasurement: z.object({ name: z.string(), symbol: z.string(), definition: z.string().nullable() }),
  /** Port of the device at the point. */
  port: z.string(),
});

export const thingSchema = z.object({
  '@iot.id': idSchema,
  name: z.string(),
  description: z.string(),
  properties: z.object({
    kind: z.string(),
    unit: z.string(),
    groundLevel: z.number().nullable(),
    invertLevel: z.number().nullable(),
    warningValue: z.number().nullable(),
    alertValue: z.number().nullable(),
  }),
  Locations: z.array(
    z.object({
      encodingType: z.literal('application/geo+json'),
      location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
    }),
  ),
  Datastreams: z.array(datastreamSchema),
});
export const thingPageSchema = page(thingSchema).meta({
  examples: [
    {
      value: [
        {
          '@iot.id': '0b6f6a52-6a1e-4d3c-9a43-0d1f7a2b9c11',
          name: 'Río Ebro en Castejón',
          description: 'Puente de la N-113',
          properties: {
            kind: 'river',
            unit: 'm',
            groundLevel: 6.5,
            invertLevel: 0,
            warningValue: 4.2,
            alertValue: 5.2,
          },
          Locations: [
            {
              encodingType: 'application/geo+json',
              location: { type: 'Point', coordinates: [-1.69, 42.17] },
            },
          ],
          Datastreams: [
            {
              '@iot.id': '0b6f6a52-6a1e-4d3c-9a43-0d1f7a2b9c11/ai1',
              name: 'Río Ebro en Castejón · Nivel',
              unitOfMeasurement: { name: 'm', symbol: 'm', definition: null },
              port: 'ai1',
            },
          ],
        },
      ],
      '@iot.nextLink': '/api/v1/points?limit=1000&cursor=MGI2ZjZhNTIt',
    },
  ],
});
export const thingQuerySchema = z.object(cursorQuery);

export const observationSchema = z.object({
  /** An instant, or `start/end` for a downsampled bucket. */
  phenomenonTime: z.string(),
  resultTime: z.string().nullable(),
  /** The interpreted value in the Datastream's unit (a bucket: its mean); null when unstorable. */
  result: z.number().nullable(),
  resultQuality: resultQualitySchema,
  /** Downsampled only: min, max and count of the bucket. */
  parameters: z
    .object({ min: z.number().nullable(), max: z.number().nullable(), count: z.number().int() })
    .optional(),
  Datastream: z.object({ '@iot.id': z.string() }),
});
export const observationPageSchema = page(observationSchema).meta({
  examples: [
    {
      value: [
        {
          phenomenonTime: '2026-11-01T00:00:00.000Z',
          resultTime: '2026-11-01T00:00:00.000Z',
          result: 3.887,
          resultQuality: { qartodFlag: 1, label: 'pass' },
          Datastream: { '@iot.id': '0b6f6a52-6a1e-4d3c-9a43-0d1f7a2b9c11/ai1' },
        },
      ],
      '@iot.nextLink':
        '/api/v1/points/0b6f6a52-6a1e-4d3c-9a43-0d1f7a2b9c11/observations?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z&limit=1000&port=ai1&cursor=MjAyNi0xMS0wMVQwMDowMDowMC4wMDBa',
    },
  ],
});
export const observationQuerySchema = z.object({
  port: safeText()
    .regex(/^[a-z][a-z0-9_]{0,19}$/)
    .optional(),
  from: requiredQueryDate,
  to: requiredQueryDate,
  /** Downsampled into about this many buckets (no paging); absent: raw, paged by cursor. */
  buckets: z.coerce.number().int().min(10).max(2000).optional(),
  ...cursorQuery,
});
export const latestPageSchema = z.object({
  value: z.array(observationSchema.extend({ Thing: z.object({ '@iot.id': idSchema }) })),
});

export const v1AlertSchema = z.object({
  '@iot.id': idSchema,
  Thing: z.object({ '@iot.id': idSchema }),
  Datastream: z.object({ '@iot.id': z.string() }).nullable(),
  type: z.string(),
  level: z.string(),
  openedAt: z.string(),
  clearedAt: z.string().nullable(),
  acknowledgedAt: z.string().nullable(),
  /** The value that opened it and the latest one (in the Datastream's unit). */
  openedValue: z.number().nullable(),
  lastValue: z.number().nullable(),
});
export const v1AlertPageSchema = page(v1AlertSchema);
export const v1AlertQuerySchema = z.object({ from: queryDate, to: queryDate, ...cursorQuery });

/** Daily summaries: the same query and rows as GET /api/daily-summaries (contracts/daily-summaries.ts). */
export { dailySummariesQuerySchema as v1DailySummaryQuerySchema } from './daily-summaries';
export { dailySummariesSchema as v1DailySummariesSchema } from './daily-summaries';
