import type { Measure } from '@aforo/contracts/measures';
import { readable } from '../../lib/conversion';
import type { MeasureRow } from './measures.repository';

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
