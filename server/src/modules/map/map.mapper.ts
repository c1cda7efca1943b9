/** Map rows → the compact wire shape (contracts/map.ts). */
import { alertLevelRank } from '@aforo/contracts/alert-types';
import type { AlertLevel } from '@aforo/contracts/constants';
import type { MapLayer, MapPoint } from '@aforo/contracts/map';
import type { PointKind } from '@aforo/contracts/points';
import type { MapLayerRow, MapPointRow } from './map.repository';

const levelOfRank = new Map(
  Object.entries(alertLevelRank).map(([level, rank]) => [rank, level as AlertLevel]),
);
/** 5 decimals of a degree are about a metre: enough for a marker, and shorter on the wire. */
const coordinate = (n: number) => Math.round(n * 1e5) / 1e5;

/** `companyIndex` maps a company id to its place in the payload's companies. */
export function toMapLayer(row: MapLayerRow, companyIndex: Map<string, number>): MapLayer {
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    viewable: row.viewable,
    c: companyIndex.get(row.companyId) ?? 0,
  };
}

/** `layerIndex` maps a layer id to its place in the payload's layers (`companyIndex` likewise). */
export function toMapPoint(
  row: MapPointRow,
  layerIndex: Map<string, number>,
  companyIndex: Map<string, number>,
): MapPoint {
  const ly: number[] = [];
  for (const id of row.layer_ids ?? []) {
    const index = layerIndex.get(id);
    if (index !== undefined) ly.push(index);
  }
  return {
    id: row.id,
    n: row.name,
    k: row.kind as PointKind,
    la: coordinate(Number(row.latitude)),
    lo: coordinate(Number(row.longitude)),
    lv: levelOfRank.get(Number(row.rank)) ?? 'OK',
    ly,
    f: row.favourite,
    c: companyIndex.get(row.company_id) ?? 0,
  };
}
