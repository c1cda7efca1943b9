/** Rows → the public shapes: each field named, so nothing unlisted (devices, users, ids of either) leaks. */
import type { Language } from '@aforo/contracts/constants';
import type { MapTiles } from '@aforo/contracts/map';
import type { PointSeries } from '@aforo/contracts/point-series';
import type { PointKind } from '@aforo/contracts/points';
import {
  publicDatumTexts,
  type PublicDashboard,
  type PublicPoint,
  type PublicSeries,
} from '@aforo/contracts/public-dashboard';
import type { RiverLevel, RiverLevelView } from '@aforo/contracts/river-level';
import type { PublicCompanyRow, PublicPointRow } from './public-dashboard.repository';

/** The dashboard without its texts (cached across languages). */
export type PublicDashboardData = Omit<PublicDashboard, 'datum'>;

/** The widget's data without the series port and timing settings. */
export function toPublicRiverLevel(level: RiverLevel): RiverLevelView {
  return {
    pointId: level.pointId,
    name: level.name,
    kind: level.kind,
    unit: level.unit,
    current: level.current,
    groundLevel: level.groundLevel,
    invertLevel: level.invertLevel,
    warningValue: level.warningValue,
    alertValue: level.alertValue,
    typical: level.typical,
    record: level.record,
    trendPerHour: level.trendPerHour,
    level: level.level,
    state: level.state,
  };
}

export function toPublicPoint(row: PublicPointRow, riverLevel: RiverLevel): PublicPoint {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as PointKind,
    latitude: row.latitude,
    longitude: row.longitude,
    level: riverLevel.level,
    unit: riverLevel.unit,
    riverLevel: toPublicRiverLevel(riverLevel),
  };
}

export function toPublicDashboardData(
  company: PublicCompanyRow,
  points: PublicPoint[],
  tiles: MapTiles,
): PublicDashboardData {
  return { company: { name: company.businessName, slug: company.slug }, points, tiles };
}

export function withDatum(data: PublicDashboardData, lang: Language): PublicDashboard {
  return { ...data, datum: { ...publicDatumTexts[lang] } };
}

export function toPublicSeries(series: PointSeries): PublicSeries {
  return {
    pointId: series.pointId,
    unit: series.unit,
    from: series.from,
    to: series.to,
    bucketSeconds: series.bucketSeconds,
    raw: series.raw,
    points: series.points,
    thresholds: series.thresholds,
    groundLevel: series.groundLevel,
    invertLevel: series.invertLevel,
  };
}
