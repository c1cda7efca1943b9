import type { Measure } from '@aforo/contracts/measures';
import { readable } from '../../lib/conversion';
import { withOffset } from '../../lib/local-days';
import type { MeasureBucketRow, MeasureRow } from './measures.repository';

export function toMeasure(row: MeasureRow): Measure {
  return {
    deviceId: row.deviceId,
    deviceSerial: row.deviceSerial,
    pointId: row.pointId,
    pointName: row.pointName,
    port: row.port,
    ts: row.ts.toISOString(),
    epoch: Math.floor(row.ts.getTime() / 1000),
    direct: readable(row.direct),
    adjusted: readable(row.adjusted),
    interpreted: readable(row.interpreted),
    flag: row.flag,
    topic: row.topic,
    receivedAt: row.receivedAt.toISOString(),
  };
}

export const measureCsvHeader = [
  'ts',
  'epoch',
  'device_serial',
  'point_name',
  'port',
  'direct',
  'adjusted',
  'interpreted',
  'flag',
  'received_at',
  'topic',
  'device_id',
  'point_id',
] as const;

export function toMeasureCsv(row: MeasureRow) {
  return [
    row.ts,
    Math.floor(row.ts.getTime() / 1000),
    row.deviceSerial,
    row.pointName,
    row.port,
    row.direct,
    row.adjusted,
    row.interpreted,
    row.flag,
    row.receivedAt,
    row.topic,
    row.deviceId,
    row.pointId,
  ];
}

/** The aggregated export (a frequency): one line per point, port and bucket of the company's clock. */
export const measureBucketCsvHeader = [
  'bucket_start',
  'epoch',
  'point_name',
  'port',
  'count',
  'failed',
  'min',
  'avg',
  'max',
  'last',
  'point_id',
] as const;

export function toMeasureBucketCsv(row: MeasureBucketRow) {
  return [
    withOffset(row.localStart, row.offsetSeconds),
    row.epoch,
    row.pointName,
    row.port,
    row.count,
    row.failed,
    row.min,
    row.avg,
    row.max,
    row.last,
    row.pointId,
  ];
}
