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
