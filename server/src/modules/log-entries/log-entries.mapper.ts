import type { LogEntry } from '@aforo/contracts/log-entries';
import type { LogEntryRow } from './log-entries.repository';

export function toLogEntry(row: LogEntryRow): LogEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: row.userId ? { id: row.userId, email: row.userEmail ?? '', name: row.userName ?? '' } : null,
    companyId: row.companyId,
    entityType: row.entityType,
    entityId: row.entityId,
    action: row.action,
    changes: row.changes as LogEntry['changes'],
  };
}

export const logEntryCsvHeader = [
  'at',
  'user_email',
  'user_name',
  'company_id',
  'entity_type',
  'entity_id',
  'action',
  'changes',
  'id',
] as const;

export function toLogEntryCsv(row: LogEntryRow) {
  return [
    row.at,
    row.userEmail,
    row.userName,
    row.companyId,
    row.entityType,
    row.entityId,
    row.action,
    JSON.stringify(row.changes),
    row.id,
  ];
}
