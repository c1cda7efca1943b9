import type { LogEntry } from '@aforo/contracts/log-entries';
import type { LogEntryRow } from './log-entries.repository';
import { isNamedType, nameKey } from './log-entry-names.repository';
import { referencesOf } from './log-entry-refs';

/** `names`: what the names repository read for the page (`${type}:${id}` → name). */
export function toLogEntry(row: LogEntryRow, names: ReadonlyMap<string, string> = new Map()): LogEntry {
  const nameOf = (type: string, id: string) => names.get(nameKey(type, id.toLowerCase())) ?? null;
  const referred: Record<string, string> = {};
  for (const ref of referencesOf(row.changes)) {
    const name = nameOf(ref.type, ref.id);
    if (name !== null) referred[ref.id] = name;
  }
  return {
    id: row.id,
    at: row.at.toISOString(),
    user: row.userId ? { id: row.userId, email: row.userEmail ?? '', name: row.userName ?? '' } : null,
    companyId: row.companyId,
    entityType: row.entityType,
    entityId: row.entityId,
    entityName: isNamedType(row.entityType) ? nameOf(row.entityType, row.entityId) : null,
    action: row.action,
    changes: row.changes as LogEntry['changes'],
    names: referred,
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
