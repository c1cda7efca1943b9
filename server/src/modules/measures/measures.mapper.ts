import type { Measure } from '@aforo/contracts/measures';
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
    direct: row.direct,
    adjusted: row.adjusted,
    interpreted: row.interpreted,
    flag: row.flag,
    topic: row.topic,
    receivedAt: row.receivedAt.toISOString(),
  };
}
