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

export const eventCsvHeader = [
  'ts',
  'received_at',
  'type',
  'message',
  'device_serial',
  'device_id',
  'point_name',
  'point_id',
  'id',
] as const;

export function toEventCsv(row: EventRow) {
  return [
    row.ts,
    row.receivedAt,
    row.type,
    row.message,
    row.deviceSerial,
    row.deviceId,
    row.pointName,
    row.pointId,
    row.id,
  ];
}
