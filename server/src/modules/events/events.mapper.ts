import type { DeviceEvent } from '@aforo/contracts/events';
import type { EventRow } from './events.repository';

export function toEvent(row: EventRow): DeviceEvent {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceSerial: row.deviceSerial,
    pointId: row.pointId,
    pointName: row.pointName,
    type: row.type,
    message: row.message,
    ts: row.ts.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  };
}
