/**
 * An alert's detail (docs/ALERTS.md "Alert detail"): its timeline from its row and its shelvings, and
 * the notifications sent for it from the delivery record.
 */
import type { AlertNotification, AlertTimelineEntry } from '@aforo/contracts/alerts';
import type { ShelveEntry } from '../../alerting/alert-detail.repository';
import type { AlertRow } from '../../alerting/alerts.repository';
import type { DeliveryRow } from '../../notifying/notifications.repository';

const entry = (
  kind: AlertTimelineEntry['kind'],
  at: Date,
  fields: Partial<Omit<AlertTimelineEntry, 'kind' | 'at'>> = {},
): AlertTimelineEntry => ({
  kind,
  at: at.toISOString(),
  value: null,
  count: null,
  by: null,
  text: null,
  until: null,
  ...fields,
});

const actor = (id: string | null, name: string | null) => (id ? { id, name: name ?? '' } : null);

/**
 * The shelvings as entries. The history keeps changed fields only, so a field missing from an entry
 * kept its value: walking them in order restores each shelving's until and reason.
 */
function shelvingEntries(shelvings: ShelveEntry[]): AlertTimelineEntry[] {
  let until: unknown = null;
  let reason: unknown = null;
  return shelvings.map((s) => {
    if (s.changes.shelvedUntil) until = s.changes.shelvedUntil[1];
    if (s.changes.shelveReason) reason = s.changes.shelveReason[1];
    const by = actor(s.userId, s.userName);
    if (s.action === 'unshelve') return entry('unshelved', s.at, { by });
    return entry('shelved', s.at, {
      by,
      until: typeof until === 'string' ? new Date(until).toISOString() : null,
      text: typeof reason === 'string' ? reason : null,
    });
  });
}

/** Opened, repeated (when it did), acknowledged, shelved/unshelved, cleared — in time order. */
export function toTimeline(row: AlertRow, shelvings: ShelveEntry[]): AlertTimelineEntry[] {
  const entries = [entry('opened', row.openedAt, { value: row.openedValue })];
  if (row.count > 1) entries.push(entry('repeated', row.lastAt, { value: row.lastValue, count: row.count }));
  if (row.acknowledgedAt)
    entries.push(
      entry('acknowledged', row.acknowledgedAt, {
        by: actor(row.acknowledgedBy, row.acknowledgedByName),
        text: row.acknowledgeComment,
      }),
    );
  const shelved = shelvingEntries(shelvings);
  // a shelving the history does not hold (written before it was audited, or by a seed): the row's
  if (shelved.length === 0 && row.shelvedUntil && row.shelvedBy)
    shelved.push(
      entry('shelved', row.updatedAt, {
        by: actor(row.shelvedBy, row.shelvedByName),
        until: row.shelvedUntil.toISOString(),
        text: row.shelveReason,
      }),
    );
  entries.push(...shelved);
  if (row.clearedAt) entries.push(entry('cleared', row.clearedAt, { value: row.clearedValue }));
  // stable: what happened at the same instant keeps the order above (opened before cleared)
  return entries.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * A delivery of the alert's notifications. People are named; the full recipient (e-mail address,
 * webhook address, which may carry a secret) and a failure's reason only for those who manage
 * notifications.
 */
export function toAlertNotification(row: DeliveryRow, fullRecipient: boolean): AlertNotification {
  const person = row.recipientName ?? row.recipientEmail;
  const full = row.recipientUrl ?? (row.recipientEmail ? `${person} <${row.recipientEmail}>` : null);
  return {
    id: row.id,
    kind: row.kind,
    configName: row.configName,
    channel: row.channel,
    recipient: fullRecipient ? full : row.recipientUrl ? null : person,
    status: row.status,
    holdReason: row.status === 'held' ? (row.holdReason as AlertNotification['holdReason']) : null,
    attempts: row.attempts,
    // a failure's text may name the receiving host or address
    lastError: fullRecipient ? row.lastError : null,
    notBefore: row.notBefore?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}
