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
