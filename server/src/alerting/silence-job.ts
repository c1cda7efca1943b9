/**
 * No Transmission (docs/ALERTS.md), a job every minute, once across the cluster (jobs/scheduler.ts):
 * every watched point silent past 2 × transmission_time + 5 min gets a NO_TRANSMISSION alert dated at
 * its deadline. A DANGER that goes silent stays DANGER beside it: silence clears nothing.
 *
 * Outage awareness: when ingestion as a whole has heard nothing for `ingestionSilentMs` while points
 * should transmit, or more than 30 % of a company's transmitting points (at least 3) crossed their
 * deadline within the last few minutes, one incident opens; the NO_TRANSMISSION alerts raised while
 * it lasts are still recorded, tied to it, so notifying holds them until it ends (an incident ends
 * when ingestion hears again, or when the company's silent share is back to 30 % or less). Provider
 * staff are told of each start and end in the same transaction (notifying/incident-notices.ts).
 */
import type { Logger } from 'pino';
import type { Database, Db } from '../db/client';
import { afterCommit, transactor } from '../db/transaction';
import type { EventPublisher } from '../events/event-map';
import type { Job } from '../jobs/scheduler';
import { recordChange } from '../core/history';
import { noticeIncident } from '../notifying/incident-notices';
import { refreshPointLevels } from './alerting.repository';
import {
  clearUnwatched,
  endIncident,
  lastArrival,
  openIncidents,
  openSilenceAlerts,
  silenceCounts,
  startIncident,
} from './silence.repository';

export const silenceRules = {
  /** Share of a company's transmitting points silent together that makes an outage. */
  massShare: 0.3,
  /** …and at least this many points (one silent gauge of two is not an outage). */
  massMinPoints: 3,
  /** "Together": deadlines passed within this window. */
  togetherMs: 5 * 60_000,
  /** Ingestion as a whole silent this long while points should transmit. */
  ingestionSilentMs: 10 * 60_000,
} as const;

export interface SilenceResult {
  opened: number;
  cleared: number;
  incidentsStarted: number;
  incidentsEnded: number;
}

/** One check at `now`; exported for tests and the benchmark. */
export async function checkSilence(db: Db, events: EventPublisher, now: Date): Promise<SilenceResult> {
  const transact = transactor(db, events);
  return transact(async (tx) => {
    const counts = await silenceCounts(tx, now, new Date(now.getTime() - silenceRules.togetherMs));
    const incidents = await openIncidents(tx);
    let started = 0;
    let ended = 0;
    const open = async (
      companyId: string | null,
      kind: 'ingestion_silent' | 'mass_silence',
      c: { silent: number; watched: number },
    ) => {
      const id = await startIncident(tx, companyId, kind, c);
      if (!id) return;
      incidents.set(companyId, id);
      started += 1;
      await noticeIncident(tx, id, 'start');
      await recordChange(tx, null, {
        entityType: 'incident',
        entityId: id,
        action: 'incident_start',
        companyId,
        before: null,
        after: { kind, ...c },
      });
    };
    const close = async (companyId: string | null) => {
      const id = incidents.get(companyId)!;
      const endedNow = await endIncident(tx, id);
      incidents.delete(companyId);
      if (!endedNow) return;
      ended += 1;
      await noticeIncident(tx, id, 'end');
      await recordChange(tx, null, {
        entityType: 'incident',
        entityId: id,
        action: 'incident_end',
        companyId,
        before: null,
        after: null,
      });
    };

    const watched = counts.reduce((n, c) => n + c.watched, 0);
    const silent = counts.reduce((n, c) => n + c.silent, 0);
    const heard = await lastArrival(tx);
    const ingestionSilent =
      watched > 0 && (heard === null || now.getTime() - heard.getTime() >= silenceRules.ingestionSilentMs);
    if (ingestionSilent && !incidents.has(null)) await open(null, 'ingestion_silent', { silent, watched });
    if (!ingestionSilent && incidents.has(null)) await close(null);

    for (const c of counts) {
      const mass = c.recent >= silenceRules.massMinPoints && c.recent > silenceRules.massShare * c.watched;
      if (mass && !incidents.has(c.companyId)) await open(c.companyId, 'mass_silence', c);
      else if (incidents.has(c.companyId) && c.silent <= silenceRules.massShare * c.watched)
        await close(c.companyId);
    }

    const raised = await openSilenceAlerts(tx, now, incidents);
    const cleared = await clearUnwatched(tx);
    for (const a of raised) {
      afterCommit(tx, 'alert.changed', { alertId: a.id, pointId: a.pointId, type: 'NO_TRANSMISSION' });
      await recordChange(tx, null, {
        entityType: 'alert',
        entityId: a.id,
        action: 'alert_open',
        companyId: a.companyId,
        before: null,
        after: { type: 'NO_TRANSMISSION' },
      });
    }
    for (const a of cleared)
      afterCommit(tx, 'alert.changed', { alertId: a.id, pointId: a.pointId, type: 'NO_TRANSMISSION' });
    await refreshPointLevels(
      tx,
      [...raised, ...cleared].map((a) => a.pointId),
    );
    return {
      opened: raised.length,
      cleared: cleared.length,
      incidentsStarted: started,
      incidentsEnded: ended,
    };
  });
}

export function silenceJob(database: Database, events: EventPublisher, log: Logger): Job {
  return {
    name: 'no-transmission',
    // every 30 s: an alert is raised at most ~30 s (plus the run) after its deadline
    schedule: { every: 30_000 },
    async run() {
      // the check's own clock, not the tick: a late run still dates each alert at its deadline
      const result = await checkSilence(database.db, events, new Date());
      if (result.opened + result.cleared + result.incidentsStarted + result.incidentsEnded > 0)
        log.info(result, 'no-transmission check');
    },
  };
}
