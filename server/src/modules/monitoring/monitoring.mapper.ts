import { alertColours } from '@aforo/contracts/constants';
import { trendDirectionOf, type MonitoringRow, type PointTrend } from '@aforo/contracts/monitoring';
import type { PointKind } from '@aforo/contracts/points';
import type { PointLatest, PointLevel } from '@aforo/contracts/point-state';

/** The trend from a reference value to the latest one (contracts/monitoring.ts); none without both. */
export function toTrend(
  latest: PointLatest | null,
  reference: { ts: Date; value: number } | undefined,
): PointTrend | null {
  if (!latest || latest.value === null || !reference) return null;
  const minutes = (Date.parse(latest.ts) - reference.ts.getTime()) / 60_000;
  if (minutes <= 0) return null;
  const ratePerHour = ((latest.value - reference.value) / minutes) * 60;
  return { direction: trendDirectionOf(ratePerHour), ratePerHour, overMinutes: Math.round(minutes) };
}

export function toMonitoringRow(
  row: {
    pointId: string;
    name: string;
    kind: string;
    unit: string;
    favourite: boolean;
    companyId: string;
    companyName: string;
    level: PointLevel;
    latest: PointLatest | null;
  },
  trend: PointTrend | null,
): MonitoringRow {
  return {
    companyId: row.companyId,
    companyName: row.companyName,
    pointId: row.pointId,
    name: row.name,
    kind: row.kind as PointKind,
    unit: row.unit,
    favourite: row.favourite,
    latest: row.latest,
    trend,
    level: row.level,
    colour: row.level ? alertColours[row.level] : null,
  };
}
