/**
 * GET /api/map/points (issue 13 item 3): every live point of the current company with what the map
 * draws, kept compact (short keys, layers and companies as indexes) so 5,000 points stay well under
 * 1 MB; the company's layers (spec "layers": name, colour, viewable); the companies the points and
 * layers belong to; and the tile URL setting (MAP_TILE_URL). Provider staff read every company's
 * points with `scope=all` (docs/WEB.md "All companies"), or one company's with `companyId` too.
 */
import { z } from 'zod';
import { idSchema } from './common/ids';
import { networkScopeQuery } from './common/network-scope';
import { alertLevels } from './constants';
import { pointKinds } from './points';

export const mapQuerySchema = z.object({
  /** Only the points of this layer (the layers list stays whole, for the toggles). */
  layerId: idSchema.optional(),
  ...networkScopeQuery,
});
export type MapQuery = z.infer<typeof mapQuerySchema>;

export const mapLayerSchema = z.object({
  id: idSchema,
  name: z.string(),
  colour: z.string(),
  /** Shown when the map opens; the others start toggled off. */
  viewable: z.boolean(),
  /** index into `companies` of the layer's company */
  c: z.number().int().min(0),
});
export type MapLayer = z.infer<typeof mapLayerSchema>;

export const mapPointSchema = z.object({
  id: idSchema,
  /** name */
  n: z.string(),
  /** kind */
  k: z.enum(pointKinds),
  /** latitude, longitude (5 decimals: about a metre) */
  la: z.number(),
  lo: z.number(),
  /** worst open level over the point's series (series_latest), OK when none */
  lv: z.enum(alertLevels),
  /** indexes into `layers` of the layers holding the point */
  ly: z.array(z.number().int().min(0)),
  /** a favourite of the caller */
  f: z.boolean(),
  /** index into `companies` of the point's company (GET /api/map/points always sends it) */
  c: z.number().int().min(0).optional(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

export const mapTilesSchema = z.object({
  /** Leaflet URL template ({z}/{x}/{y}); null: no tiles, the map draws on a plain background. */
  url: z.string().nullable(),
  attribution: z.string(),
});
export type MapTiles = z.infer<typeof mapTilesSchema>;

/** A company of the payload (the popup names it in the network view). */
export const mapCompanySchema = z.object({ id: idSchema, name: z.string() });
export type MapCompany = z.infer<typeof mapCompanySchema>;

export const mapPayloadSchema = z.object({
  companies: z.array(mapCompanySchema),
  layers: z.array(mapLayerSchema),
  points: z.array(mapPointSchema),
  tiles: mapTilesSchema,
});
export type MapPayload = z.infer<typeof mapPayloadSchema>;

/** MAP_TILE_URL value that means "no tiles" (an empty value counts as unset, i.e. the default). */
export const noMapTiles = 'none';
