/**
 * Alert history by measurement time across messages (docs/ALERTS.md "Late measures"). A measure older
 * than the newest one the engine already evaluated for its series (it came in a later message, or
 * from a device's store) used to be recorded on its own, beside a history that had not seen it. Within
 * `recomputeWindowMs` of the series' evaluated time, the engine now evaluates the series again from
 * that measure on, in time order, over the stored measures — the evaluator's memory rebuilt from the
 * measures before it and the alerts open then (evaluator.ts stateBefore) — and rewrites the alerts
 * recorded since, so the history is the one an in-order arrival would have made:
 *
 * - an alert that keeps its place keeps its row (its id, acknowledgement, shelving, routing): one the
 *   recompute finds at the same opening, or else overlapping it in time, is the same alert; its
 *   opening, clearing, count and values are rewritten. Notifications are routed per alert and
 *   transition (notifying/router.ts), so nothing it was already told of is told again; a clear it
 *   newly gains is told as any clear is;
 * - an alert the recompute finds nowhere is deleted (its notifications stay, unlinked); one it newly
 *   finds is inserted and, as any alert, notified unless back-filled (older than the point's
 *   no-transmission window: `late`) or muted;
 * - alerts that opened before the late measure keep their opening; only how they end is rewritten.
 *
 * Older late measures are recorded late, as before: the window bounds what one measure can rewrite
 * (two days of a 1-minute series: 2,880 measures read and evaluated again).
 */
import type { AlertType } from '@aforo/contracts/alert-types';
import type { ChangeRecord } from '../core/history';
import type { Db } from '../db/client';
import type { SeriesContext, SeriesKey } from './alerting.repository';
import {
  evaluateSeries,
  recomputeTail,
  stateBefore,
  type Sample,
  type SeriesState,
  type Transition,
} from './evaluator';
import {
  alertsFrom,
  deleteAlerts,
  insertAlerts,
  rewriteAlerts,
  samplesBetween,
  validSamplesBefore,
  type AlertFields,
  type StoredAlert,
} from './recompute.repository';
import type { SeriesRules } from './series-rules';

/** How far before the series' evaluated time a late measure still rewrites the history. */
export const recomputeWindowMs = 48 * 3_600_000;

/** A round's out-of-order samples of a series: those the recompute takes and those recorded late. */
export function splitLate(stale: Sample[], lastTs: number | null): { recent: Sample[]; old: Sample[] } {
  if (lastTs === null || stale.length === 0) return { recent: [], old: stale };
  const bound = lastTs - recomputeWindowMs;
  return { recent: stale.filter((s) => s.ts >= bound), old: stale.filter((s) => s.ts < bound) };
}

/** One alert as the recompute finds it. `continuing`: open before the recompute's start. */
export interface Episode extends AlertFields {
  continuing: boolean;
  repeats: number;
  late: boolean;
}

/** The alerts `transitions` make, starting with `open` types already open (continuing). */
export function episodesOf(open: readonly AlertType[], transitions: readonly Transition[]): Episode[] {
  const current = new Map<AlertType, Episode>();
  const all: Episode[] = [];
  const start = (type: AlertType, continuing: boolean, t: Transition | null) => {
    const at = t?.ts ?? Number.NEGATIVE_INFINITY;
    const value = t?.value ?? null;
    const e: Episode = {
      type,
      continuing,
      openedAt: at,
      openedValue: value,
      lastAt: at,
      lastValue: value,
      count: 1,
      repeats: 0,
      clearedAt: null,
      clearedValue: null,
      late: t?.late ?? false,
    };
    current.set(type, e);
    all.push(e);
  };
  for (const type of open) start(type, true, null);
  for (const t of transitions) {
    const e = current.get(t.type);
    if (t.action === 'open' && !e) start(t.type, false, t);
    else if (t.action === 'repeat' && e) {
      e.repeats += 1;
      e.count += 1;
      e.lastAt = t.ts;
      e.lastValue = t.value;
    } else if (t.action === 'clear' && e) {
      e.clearedAt = t.ts;
      e.clearedValue = t.value;
      current.delete(t.type);
    }
  }
  return all;
}

/** Stored times are whole milliseconds (alerts columns written from a Date). */
const ms = (t: number | null) => (t === null ? null : new Date(t).getTime());
const overlaps = (a: { openedAt: number; clearedAt: number | null }, b: typeof a) =>
  a.openedAt <= (b.clearedAt ?? Infinity) && b.openedAt <= (a.clearedAt ?? Infinity);

export interface Plan {
  deletes: StoredAlert[];
  rewrites: Array<{ alert: StoredAlert; next: AlertFields }>;
  inserts: Episode[];
}

/**
 * Which stored alert each recomputed one is (module comment). `from`: the recompute's start;
 * `oldRepeats`: per type, the repeats the stored history counted from `from` on for an alert open
 * then (what the evaluation without the late samples finds), replaced by the recompute's own.
 */
export function reconcile(
  from: number,
  stored: readonly StoredAlert[],
  fresh: readonly Episode[],
  oldRepeats: ReadonlyMap<AlertType, number>,
): Plan {
  const plan: Plan = { deletes: [], rewrites: [], inserts: [] };
  const taken = new Set<StoredAlert>();
  const match = (e: Episode, alert: StoredAlert) => {
    taken.add(alert);
    plan.rewrites.push({ alert, next: { ...e } });
  };
  for (const e of fresh.filter((x) => x.continuing)) {
    // the one open then (the latest opened, should history hold two): it ends as the recompute says
    const alert = stored.filter((a) => a.type === e.type && a.openedAt < from).at(-1);
    if (!alert) continue;
    taken.add(alert);
    const count = Math.max(1, alert.count - (oldRepeats.get(e.type) ?? 0) + e.repeats);
    // a repeat before `from` is not known here: its time becomes the opening's (the count stays right)
    const [lastAt, lastValue] =
      e.repeats > 0
        ? [e.lastAt, e.lastValue]
        : alert.lastAt < from
          ? [alert.lastAt, alert.lastValue]
          : [alert.openedAt, alert.openedValue];
    plan.rewrites.push({
      alert,
      next: { ...alert, count, lastAt, lastValue, clearedAt: e.clearedAt, clearedValue: e.clearedValue },
    });
  }
  const opened = fresh.filter((x) => !x.continuing);
  const later = stored.filter((a) => a.openedAt >= from);
  const unmatched: Episode[] = [];
  // the same opening first, then the first overlapping alert of the type, in time order
  for (const e of opened) {
    const same = later.find((a) => !taken.has(a) && a.type === e.type && a.openedAt === ms(e.openedAt));
    if (same) match(e, same);
    else unmatched.push(e);
  }
  for (const e of unmatched) {
    const near = later.find(
      (a) =>
        !taken.has(a) && a.type === e.type && overlaps(a, { openedAt: e.openedAt, clearedAt: e.clearedAt }),
    );
    if (near) match(e, near);
    else plan.inserts.push(e);
  }
  plan.deletes = later.filter((a) => !taken.has(a));
  return plan;
}

export interface LateSeries {
  key: SeriesKey;
  context: SeriesContext;
  rules: SeriesRules;
  /** The series' memory before the round (locked). */
  state: SeriesState;
  /** The round's samples older than state.lastTs, within the window. */
  late: Sample[];
  /** The round's samples after state.lastTs, in order (the usual read-back). */
  inOrder: Sample[];
}

export interface Recomputed {
  state: SeriesState;
  /** Alerts inserted or rewritten (announced as alert.changed), with their types. */
  alerts: Map<string, AlertType>;
  /** Whether any alert changed (the series' colour is repainted). */
  changed: boolean;
  history: ChangeRecord[];
}

const fieldsOf = (a: AlertFields) => ({
  openedAt: new Date(a.openedAt).toISOString(),
  openedValue: a.openedValue,
  clearedAt: a.clearedAt === null ? null : new Date(a.clearedAt).toISOString(),
  clearedValue: a.clearedValue,
  count: a.count,
});

/** Evaluates the series again from its earliest late sample and rewrites its alerts since. */
export async function recomputeSeries(tx: Db, s: LateSeries, now: number): Promise<Recomputed> {
  const { key, context, rules, state } = s;
  const from = Math.min(...s.late.map((x) => x.ts));
  const tail = await validSamplesBefore(tx, key, from, recomputeTail(rules));
  const stored = await alertsFrom(tx, key, from);
  const open = [...new Set(stored.filter((a) => a.openedAt < from).map((a) => a.type))];
  const before = stateBefore(rules, open, tail);
  const known = await samplesBetween(tx, key, from, state.lastTs!);
  const replay = evaluateSeries(before, rules, [...known, ...s.inOrder], now);
  // what the stored history counted from `from` on: the same evaluation without the late samples
  const lateAt = new Set(s.late.map((x) => x.ts));
  const previous = evaluateSeries(
    before,
    rules,
    known.filter((x) => !lateAt.has(x.ts)),
    now,
  );
  const oldRepeats = new Map(
    episodesOf(open, previous.transitions)
      .filter((e) => e.continuing)
      .map((e) => [e.type, e.repeats] as const),
  );
  const plan = reconcile(from, stored, episodesOf(open, replay.transitions), oldRepeats);

  const result: Recomputed = { state: replay.state, alerts: new Map(), changed: false, history: [] };
  const record = (id: string, action: string, before: object | null, after: object | null) =>
    result.history.push({
      entityType: 'alert',
      entityId: id,
      action,
      companyId: context.companyId,
      before: before as Record<string, unknown> | null,
      after: after as Record<string, unknown> | null,
    });
  const rewrites = plan.rewrites.filter(({ alert, next }) => {
    const a = fieldsOf(alert);
    const b = fieldsOf(next);
    return (Object.keys(a) as Array<keyof typeof a>).some((k) => a[k] !== b[k]);
  });
  // one active alert per (series, type) at every step: deletes, then rewrites that clear, then
  // those left active, then inserts (cleared ones first)
  await deleteAlerts(
    tx,
    plan.deletes.map((a) => a.id),
  );
  for (const a of plan.deletes)
    record(a.id, 'delete', { type: a.type, ...fieldsOf(a), recomputed: true }, null);
  const closing = rewrites.filter((r) => r.next.clearedAt !== null);
  const active = rewrites.filter((r) => r.next.clearedAt === null);
  for (const group of [closing, active]) {
    await rewriteAlerts(
      tx,
      group.map((r) => ({ id: r.alert.id, next: r.next })),
    );
    for (const { alert, next } of group) {
      result.alerts.set(alert.id, alert.type);
      record(alert.id, 'update', fieldsOf(alert), { ...fieldsOf(next), recomputed: true });
    }
  }
  const inserts = [
    ...plan.inserts.filter((e) => e.clearedAt !== null),
    ...plan.inserts.filter((e) => e.clearedAt === null),
  ];
  const ids = await insertAlerts(tx, key, context, inserts);
  inserts.forEach((e, i) => {
    const id = ids[i]!;
    result.alerts.set(id, e.type);
    const at = (t: number) => new Date(t).toISOString();
    record(id, 'alert_open', null, { type: e.type, value: e.openedValue, at: at(e.openedAt), late: e.late });
    if (e.clearedAt !== null)
      record(id, 'alert_clear', null, {
        type: e.type,
        value: e.clearedValue,
        at: at(e.clearedAt),
        late: e.late,
      });
  });
  result.changed = plan.deletes.length > 0 || rewrites.length > 0 || inserts.length > 0;
  return result;
}
