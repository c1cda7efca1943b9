/**
 * Incident notices (docs/ALERTS.md "outage awareness"): when the silence job opens a system incident
 * (ingestion silent, mass silence of a company) and when it ends, provider staff holding ADMIN or
 * CHIEF get one in-app notification and an e-mail, in the provider company (their home; a client's
 * delivery record never lists provider staff). Written in the silence job's own transaction, so a
 * notice exists exactly when the transition committed; the dedupe and idempotency keys
 * (incident + transition + person) make any second attempt insert nothing.
 */
import type { Role } from '@aforo/contracts/roles';
import type { Db } from '../db/client';
import { incidentForNotice, providerCompany, providerStaff } from './incident-notices.repository';
import { giveNotice } from './notice';
import { incidentText } from './texts';

/** Who is told of incidents: the provider's operators, not its read-only viewers. */
export const incidentRoles: Role[] = ['ROLE_ADMIN', 'ROLE_CHIEF'];

/** Notifies the staff of an incident's start or end; returns the people told. */
export async function noticeIncident(
  tx: Db,
  incidentId: string,
  transition: 'start' | 'end',
): Promise<number> {
  const incident = await incidentForNotice(tx, incidentId);
  const provider = await providerCompany(tx);
  if (!incident || !provider) return 0;
  const base = `incident:${incident.id}:${transition}`;
  let told = 0;
  for (const person of await providerStaff(tx, incidentRoles)) {
    const text = incidentText(transition, incident, person.language, provider.timeZone);
    const given = await giveNotice(tx, {
      companyId: provider.id,
      kind: 'incident',
      userId: person.id,
      mailTo: person,
      text,
      key: `${base}:${person.id}`,
    });
    if (!given) continue;
    told += 1;
  }
  return told;
}
