import type { Point } from '@aforo/contracts/points';
import type { PointRow } from './points.repository';

export function toPoint(row: PointRow): Point {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    address: row.address,
    latitude: row.latitude,
    longitude: row.longitude,
    kind: row.kind as Point['kind'],
    groundLevel: row.groundLevel,
    invertLevel: row.invertLevel,
    measureTime: row.measureTime,
    transmissionTime: row.transmissionTime,
    measuresForAvg: row.measuresForAvg,
    alertValue: row.alertValue,
    warningValue: row.warningValue,
    alertOnDelay: row.alertOnDelay,
    alertOffDelay: row.alertOffDelay,
    alertDeadband: row.alertDeadband,
    levelDifference: row.levelDifference,
    value4mA: row.value4mA,
    value20mA: row.value20mA,
    unit: row.unit,
    test: row.test,
    alertFlat: row.alertFlat,
    defaultAmountMeasuresFlat: row.defaultAmountMeasuresFlat,
    defaultAmountGapMeasureExceed: row.defaultAmountGapMeasureExceed,
    public: row.public,
    favorite: row.favorite,
    parameters: (row.parameters ?? {}) as Point['parameters'],
    device: row.device,
    layers: row.layers,
    latest: row.latest,
    level: row.level,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

/** The fields the history of changes records: the stored point, without bookkeeping. */
export function pointHistory(row: PointRow): Record<string, unknown> {
  const {
    id: _id,
    createdAt: _c,
    updatedAt: _u,
    favorite: _f,
    device: _d,
    layers: _l,
    latest: _lt,
    level: _lv,
    ...fields
  } = row;
  return fields;
}
