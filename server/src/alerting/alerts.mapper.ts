import { alertTypeGroup } from '@aforo/contracts/alert-types';
import type { Alert, AlertState } from '@aforo/contracts/alerts';
import { alertColours } from '@aforo/contracts/constants';
import type { AlertRow } from './alerts.repository';

export function alertState(row: { clearedAt: Date | null; acknowledgedAt: Date | null }): AlertState {
  if (row.clearedAt === null) return row.acknowledgedAt === null ? 'open' : 'acknowledged';
  return row.acknowledgedAt === null ? 'cleared_unacknowledged' : 'cleared';
}

export function toAlert(row: AlertRow, now = new Date()): Alert {
  const { type, level } = row;
  return {
    id: row.id,
    companyId: row.companyId,
    companyName: row.companyName,
    pointId: row.pointId,
    pointName: row.pointName,
    port: row.port,
    unit: row.unit,
    deviceId: row.deviceId,
    deviceSerial: row.deviceSerial,
    type,
    group: alertTypeGroup[type],
    level,
    colour: alertColours[level],
    state: alertState(row),
    active: row.clearedAt === null,
    openedAt: row.openedAt.toISOString(),
    openedValue: row.openedValue,
    lastAt: row.lastAt.toISOString(),
    lastValue: row.lastValue,
    count: row.count,
    clearedAt: row.clearedAt?.toISOString() ?? null,
    clearedValue: row.clearedValue,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
    acknowledgedBy: row.acknowledgedBy
      ? { id: row.acknowledgedBy, name: row.acknowledgedByName ?? '' }
      : null,
    acknowledgeComment: row.acknowledgeComment,
    shelvedUntil: row.shelvedUntil?.toISOString() ?? null,
    shelvedBy: row.shelvedBy ? { id: row.shelvedBy, name: row.shelvedByName ?? '' } : null,
    shelveReason: row.shelveReason,
    shelved: row.shelvedUntil !== null && row.shelvedUntil > now,
    late: row.late,
    muted: row.muted,
  };
}
