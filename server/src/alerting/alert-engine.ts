/**
 * The alert engine (docs/ALERTS.md): hears `measures.committed` from this process's batch writer and
 * evaluates every touched series, in measurement-time order, in one transaction per round:
 * lock the series' memory, evaluate, write the alerts and the series colour, store the memory. So a
 * restart or a second ingest process continues exactly where the last evaluation stopped, and two
 * processes never raise the same alert twice (the lock, and one active alert per series and type).
 *
 * It never runs in the device's acknowledgement path: batches queue here and are evaluated one round
 * at a time, a round taking everything queued meanwhile (so under load rounds grow, not lag).
 * At start it catches up series whose stored measures ran ahead of their evaluation (a crash between
 * the measures' commit and the round's). A series with values older than its evaluated time (a later
 * message carrying earlier measures) has its history rewritten by measurement time (recompute.ts).
 */
import type { Logger } from 'pino';
import type { AlertType } from '@aforo/contracts/alert-types';
import type { Database, Db } from '../db/client';
import { afterCommit, transactor } from '../db/transaction';
import type { CommittedMeasure } from '../events/event-map';
import type { EventBus } from '../events/event-bus';
import { recordChanges, type ChangeRecord } from '../core/history';
import {
  clearSilence,
  laggingSeries,
  lockSeriesStates,
  pointsWithOpenSilence,
  refreshPointLevels,
  saveSeriesStates,
  seriesId,
  type SeriesContext,
  type SeriesKey,
} from './alerting.repository';
import { createContextCache } from './context-cache';
import { createSilenceWatch } from './silence-watch';
import { samplesInOrder } from './read-back';
import { applyTransitions } from './transitions.repository';
import { recomputeSeries, splitLate, type LateSeries } from './recompute';
import { evaluateSeries, type Sample, type SeriesState, type Transition } from './evaluator';
import { seriesRules } from './series-rules';
import { alertMetrics } from '../observability/metrics';

export interface AlertEngine {
  /** Resolves when everything queued so far has been evaluated (tests, shutdown). */
  idle(): Promise<void>;
  /** Evaluates the series whose measures ran ahead of their memory; returns how many it caught up. */
  catchUp(): Promise<number>;
  close(): Promise<void>;
  /** Commit → evaluated delays of the last rounds (ms), for the benchmark. */
  readonly delays: number[];
}

/** A series of a round: its own committed rows, and the bound (epoch ms, exclusive) of its read-back. */
interface RoundSeries {
  key: SeriesKey;
  samples: Sample[];
  /** null: read everything stored after the evaluated time (catch-up). */
  upTo: number | null;
}
/** A series whose read-back hit the round's limit, evaluated again in the next round. */
type Continued = SeriesKey & { upTo: number | null };

const catchUpSeries = 1000;
/** Shortest time between the starts of two rounds (ms): the commit → alert delay it may add. */
const roundInterval = 250;
/** Samples per series and round; a series with more is evaluated again at once. */
const roundSamples = 10_000;

export function createAlertEngine(options: {
  database: Database;
  events: EventBus;
  log: Logger;
  /** This process's writer (db/writer-presence.ts): when it writes alone, its rows are all there is. */
  writers?: { alone(tx: Db): Promise<boolean> };
}): AlertEngine {
  const { database, events, log, writers } = options;
  const transact = transactor(database.db, events);
  const contextCache = createContextCache({ events });
  const silence = createSilenceWatch(events);
  let queued: Array<{ rows: CommittedMeasure[]; at: number; more?: Continued[] }> = [];
  let running: Promise<void> | null = null;
  let closed = false;
  let lastRound = 0;
  /** Series whose memory row exists (no insert needed before locking it). */
  const known = new Set<string>();
  /**
   * When this process's writer is the only one — always on PGlite, which lives inside the process;
   * on PostgreSQL when no other process has written since the previous round (db/writer-presence.ts) —
   * the rows a round was told of are all the rows in its range: once the catch-up has evaluated what
   * was stored before this engine listened, and except after a round failed, whose series are
   * checked again. Otherwise each series' stored rows are counted.
   */
  const soleWriter = database.kind === 'pglite';
  /** PGlite only: each series' memory as this engine's last committed round stored it (statesOf). */
  const remembered = soleWriter ? new Map<string, SeriesState>() : null;
  let caughtUp = false;
  const suspect = new Set<string>();
  const delays: number[] = [];
  alertMetrics.start();
  const untrackQueue = alertMetrics.queue.track(() => queued.length);

  /**
   * One transaction over some series. What is evaluated in order is read back from the measures
   * after each series' evaluated time — so rows of a round that failed, of a crash, or of another
   * process are never skipped — up to the round's own newest row: rows beyond it belong to batches
   * still queued (or to another process's round), and reading them now would make them "older than
   * the evaluated time" when their own round comes, i.e. falsely late. `stale` holds the round's own
   * rows older than the evaluated time (arrived out of order): within 48 h of it the series is
   * evaluated again from the oldest of them (recompute.ts); older ones are recorded as late.
   */
  async function evaluate(bySeries: Map<string, RoundSeries>): Promise<Continued[]> {
    if (bySeries.size === 0) return [];
    const keys = [...bySeries.values()].map((s) => s.key);
    const unfinished: Continued[] = [];
    let toPaint = new Set<string>();
    const saved: Array<[SeriesKey, SeriesState]> = [];
    /** What the round's commit makes true in memory. */
    const committed: Array<() => void> = [];
    await transact(async (tx: Db) => {
      const contexts = await contextCache.get(tx, keys);
      const live = keys.filter((k) => contexts.has(seriesId(k)));
      const states = await statesOf(tx, live);
      // a series new to the engine starts at this round's own rows, not at the start of its history
      const ranges = live.flatMap((k) => {
        const lastTs = states.get(seriesId(k))!.lastTs;
        const { samples: own, upTo } = bySeries.get(seriesId(k))!;
        if (lastTs !== null) return [{ ...k, after: lastTs, upTo, own }];
        if (own.length === 0) return [];
        return [{ ...k, after: Math.min(...own.map((x) => x.ts)) - 0.001, upTo, own }];
      });
      const alone =
        caughtUp &&
        (soleWriter || (ranges.some((r) => r.upTo !== null) && (await writers?.alone(tx)) === true));
      const fresh = await samplesInOrder(tx, ranges, roundSamples, (id) => alone && !suspect.has(id));
      for (const range of ranges) suspect.delete(seriesId(range));
      for (const key of fresh.unfinished)
        unfinished.push({ ...key, upTo: bySeries.get(seriesId(key))!.upTo });
      const now = Date.now();
      const changed: SeriesKey[] = [];
      const heard: Array<{ key: SeriesKey; ts: number; value: number | null }> = [];
      const history: ChangeRecord[] = [];
      const outcomes: Array<{ key: SeriesKey; context: SeriesContext; transitions: Transition[] }> = [];
      const lateSeries: LateSeries[] = [];
      for (const key of live) {
        const id = seriesId(key);
        const context = contexts.get(id)!;
        const state = states.get(id)!;
        const inOrder = fresh.samples.get(id) ?? [];
        const stale = bySeries.get(id)!.samples.filter((s) => state.lastTs !== null && s.ts <= state.lastTs);
        if (inOrder.length === 0 && stale.length === 0) continue;
        const rules = seriesRules(context.point, context.port);
        const newest = inOrder.at(-1);
        if (newest) heard.push({ key, ts: newest.ts, value: newest.value });
        // late samples within the window: the series is evaluated again in time order (recompute.ts)
        const late = stale.length > 0 ? splitLate(stale, state.lastTs) : null;
        if (late && late.recent.length > 0) {
          lateSeries.push({ key, context, rules, state, late: late.recent, inOrder });
          const { transitions } = evaluateSeries(state, rules, late.old, now);
          if (transitions.length > 0) outcomes.push({ key, context, transitions });
          continue;
        }
        const result = evaluateSeries(state, rules, [...stale, ...inOrder], now);
        saved.push([key, result.state]);
        outcomes.push({ key, context, transitions: result.transitions });
      }
      const items = outcomes.flatMap(({ key, context, transitions }) =>
        transitions.map((transition) => ({ key, context, transition })),
      );
      const touched = await applyTransitions(tx, items);
      const alertsOf = new Map<string, { key: SeriesKey; ids: Map<string, AlertType> }>();
      items.forEach(({ key, context, transition }, i) => {
        const alertId = touched[i];
        if (!alertId) return;
        let entry = alertsOf.get(seriesId(key));
        if (!entry) alertsOf.set(seriesId(key), (entry = { key, ids: new Map() }));
        entry.ids.set(alertId, transition.type);
        if (transition.action !== 'repeat')
          history.push({
            entityType: 'alert',
            entityId: alertId,
            action: transition.action === 'clear' ? 'alert_clear' : 'alert_open',
            companyId: context.companyId,
            before: null,
            after: {
              type: transition.type,
              value: transition.value,
              at: new Date(transition.ts).toISOString(),
              late: transition.late,
            },
          });
      });
      for (const series of lateSeries) {
        const redone = await recomputeSeries(tx, series, now);
        saved.push([series.key, redone.state]);
        history.push(...redone.history);
        if (!redone.changed) continue;
        const entry = alertsOf.get(seriesId(series.key)) ?? { key: series.key, ids: new Map() };
        for (const [alertId, type] of redone.alerts) entry.ids.set(alertId, type);
        alertsOf.set(seriesId(series.key), entry);
      }
      for (const { key, ids } of alertsOf.values()) {
        changed.push(key);
        for (const [alertId, type] of ids)
          afterCommit(tx, 'alert.changed', { alertId, pointId: key.pointId, type });
      }
      const silences = await silence.select(tx, heard);
      if (silences.watched.length > 0) {
        for (const cleared of await clearSilence(tx, silences.watched)) {
          changed.push({ pointId: cleared.pointId, port: '' });
          afterCommit(tx, 'alert.changed', {
            alertId: cleared.id,
            pointId: cleared.pointId,
            type: 'NO_TRANSMISSION',
          });
        }
        const stillOpen = await pointsWithOpenSilence(
          tx,
          silences.watched.map((h) => h.key.pointId),
        );
        committed.push(() => silences.settle(stillOpen));
      }
      await recordChanges(tx, null, history);
      await saveSeriesStates(tx, saved, { create: remembered !== null });
      // the stream's cue (ids only: the listeners read the rest); points whose colour may change
      // are announced by paint(), once the colour is written
      toPaint = new Set(changed.map((k) => k.pointId));
      const evaluated = [...new Set(saved.map(([k]) => k.pointId))].filter((id) => !toPaint.has(id));
      announceSeries(tx, evaluated);
    });
    // committed: the memory follows the stored states (a failed round leaves both as they were)
    if (remembered) for (const [key, state] of saved) remembered.set(seriesId(key), state);
    for (const apply of committed) apply();
    if (toPaint.size > 0) paint([...toPaint]);
    return unfinished;
  }

  /**
   * Each live series' memory, locked until the round commits. On PGlite (one process, one engine) the
   * memory committed by this engine's last round is the stored one: only series it has not seen yet
   * are read — locking and reading every series was the largest statement of a round there.
   */
  async function statesOf(tx: Db, live: SeriesKey[]): Promise<Map<string, SeriesState>> {
    if (remembered) {
      const states = new Map<string, SeriesState>();
      const unseen: SeriesKey[] = [];
      for (const key of live) {
        const state = remembered.get(seriesId(key));
        if (state) states.set(seriesId(key), state);
        else unseen.push(key);
      }
      for (const [id, state] of await lockSeriesStates(tx, unseen)) states.set(id, state);
      return states;
    }
    let states = await lockSeriesStates(
      tx,
      live,
      live.filter((k) => !known.has(seriesId(k))),
    );
    // a row gone since (its point deleted and restored, a test's clean-up): created again
    if (states.size < live.length) states = await lockSeriesStates(tx, live);
    for (const k of live) known.add(seriesId(k));
    return states;
  }

  function announceSeries(tx: Db, pointIds: string[]) {
    for (let i = 0; i < pointIds.length; i += 150)
      afterCommit(tx, 'series.changed', { pointIds: pointIds.slice(i, i + 150) });
  }

  /**
   * The series colour (series_latest.alert_level) of points whose alerts changed, in its own
   * transaction after the round's: the writer updates those rows with every batch, so the update
   * waits for the batch holding them — on PostgreSQL under load most of a round's time, with the
   * round's locks held. Rounds do not wait for it; a crash before it is repaired by the catch-up.
   */
  let painting: Promise<void> = Promise.resolve();
  function paint(pointIds: string[]) {
    painting = painting
      .then(() =>
        transact(async (tx: Db) => {
          await refreshPointLevels(tx, pointIds);
          announceSeries(tx, pointIds);
        }),
      )
      .catch((err: unknown) => log.error({ err, points: pointIds.length }, 'series colours not written'));
  }

  function group(rows: CommittedMeasure[], more: Continued[] = []) {
    const bySeries = new Map<string, RoundSeries>();
    for (const { upTo, ...key } of more) bySeries.set(seriesId(key), { key, samples: [], upTo });
    // a message's rows come together, mostly of one series: the last entry saves a key per row
    let entry: RoundSeries | undefined;
    for (const row of rows) {
      if (row.pointId === null) continue;
      if (entry?.key.pointId !== row.pointId || entry.key.port !== row.port) {
        const key = { pointId: row.pointId, port: row.port };
        const id = seriesId(key);
        entry = bySeries.get(id);
        if (!entry) bySeries.set(id, (entry = { key, samples: [], upTo: null }));
      }
      const ts = row.ms;
      entry.samples.push({ ts, value: row.interpreted, flag: row.flag });
      // the event's times are whole milliseconds; the stored ones may hold microseconds
      if (entry.upTo === null || ts + 1 > entry.upTo) entry.upTo = ts + 1;
    }
    return bySeries;
  }

  async function drain(): Promise<void> {
    while (queued.length > 0 && !closed) {
      // rounds start at most every `roundInterval` ms: each round costs a few statements whatever
      // its size, so under load fewer, larger rounds leave the database to the writer
      const wait = lastRound + roundInterval - Date.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastRound = Date.now();
      const round = queued;
      queued = [];
      const started = performance.now();
      try {
        const unfinished = await evaluate(
          group(
            round.flatMap((b) => b.rows),
            round.flatMap((b) => b.more ?? []),
          ),
        );
        alertMetrics.round((performance.now() - started) / 1000);
        const done = Date.now();
        for (const batch of round) delays.push(done - batch.at);
        // the lag of committed batches (a series continued from the last round has no rows of its own)
        for (const batch of round) if (batch.rows.length > 0) alertMetrics.lag((done - batch.at) / 1000);
        if (delays.length > 10_000) delays.splice(0, delays.length - 10_000);
        if (unfinished.length > 0) queued.push({ rows: [], at: done, more: unfinished });
      } catch (err) {
        alertMetrics.failed();
        // the measures are stored: the next round of each series reads them back (and the catch-up
        // at the next start evaluates what no later round reached)
        for (const batch of round)
          for (const row of batch.rows)
            if (row.pointId) suspect.add(seriesId({ pointId: row.pointId, port: row.port }));
        log.error({ err, batches: round.length }, 'alert evaluation failed');
      }
    }
  }

  function kick() {
    running ??= drain().finally(() => {
      running = null;
      if (queued.length > 0 && !closed) kick();
    });
  }

  const off = events.on('measures.committed', ({ rows }) => {
    if (closed) return;
    queued.push({ rows, at: Date.now() });
    kick();
  });

  return {
    delays,
    async idle() {
      await events.idle();
      while (running) await running;
      await painting;
    },
    async catchUp() {
      let total = 0;
      // bounded: a series that cannot be evaluated (its point deleted) must not hold the start
      for (let pass = 0; pass < 50; pass += 1) {
        const lagging = await laggingSeries(database.db, catchUpSeries);
        const bySeries = new Map(
          lagging.map(({ pointId, port }) => [
            seriesId({ pointId, port }),
            { key: { pointId, port }, samples: [], upTo: null },
          ]),
        );
        const unfinished = await evaluate(bySeries);
        total += lagging.length;
        if (lagging.length < catchUpSeries && unfinished.length === 0) break;
      }
      // colours a crash left unwritten (they are written after the round's commit)
      await transact((tx: Db) => refreshPointLevels(tx, 'all'));
      if (total > 0) log.info({ series: total }, 'alert evaluation caught up');
      caughtUp = true;
      return total;
    },
    async close() {
      // batches the writer announced while closing are evaluated before the engine stops listening
      await events.idle();
      while (running) await running;
      await painting;
      off();
      contextCache.close();
      silence.close();
      untrackQueue();
      closed = true;
    },
  };
}
