/**
 * The demo's past alerts, made the way the engine makes them: the back-filled values of each series
 * run through the real evaluator (alerting/evaluator.ts with series-rules.ts) in measurement-time
 * order, each as if it had just arrived. So every seeded alert matches the chart of its point, and
 * each series' memory (alert_series_states) ends exactly where the history does: the first live
 * value continues it, never opening a second alert of a type that is open nor leaving one open
 * that the values have left (a missing memory would start the series fresh, blind to open alerts).
 */
import { sql } from 'drizzle-orm';
import { alertTypeLevel, type AlertType } from '@aforo/contracts/alert-types';
import type { Db } from '../db/client';
import { emptySeriesState, evaluateSeries, type Sample, type SeriesState } from '../alerting/evaluator';
import type { AlertFields } from '../alerting/recompute.repository';
import { seriesRules, type RulePoint, type RulePort, type SeriesRules } from '../alerting/series-rules';

const p = sql.param;

/** An alert of the demo's history: the engine's fields (as the recompute stores them) and where it belongs. */
export interface ReplayedAlert extends AlertFields {
  companyId: string;
  pointId: string;
  port: string;
  deviceId: string;
}

interface Series {
  companyId: string;
  pointId: string;
  port: string;
  deviceId: string;
  rules: SeriesRules;
  state: SeriesState;
  open: Map<AlertType, ReplayedAlert>;
  pending: Sample[];
}

export class AlertReplay {
  private readonly series = new Map<string, Series>();
  readonly alerts: ReplayedAlert[] = [];

  /** A series to replay: its point (the columns the rules read) and its port's parameters and type. */
  add(
    ids: { companyId: string; pointId: string; port: string; deviceId: string },
    point: RulePoint,
    port: RulePort,
  ): void {
    this.series.set(`${ids.pointId}|${ids.port}`, {
      ...ids,
      rules: seriesRules(point, port),
      state: emptySeriesState(),
      open: new Map(),
      pending: [],
    });
  }

  /** One value, in time order within its series; evaluated in chunks (one call per value is slow). */
  push(pointId: string, port: string, ts: number, value: number | null, flag: number): void {
    const s = this.series.get(`${pointId}|${port}`);
    if (!s) return;
    s.pending.push({ ts, value, flag });
    if (s.pending.length >= 5000) this.evaluate(s);
  }

  private evaluate(s: Series): void {
    if (s.pending.length === 0) return;
    // each value is judged as if it had just arrived, so none is late: a "now" before every sample
    const { state, transitions } = evaluateSeries(s.state, s.rules, s.pending, Number.NEGATIVE_INFINITY);
    s.pending = [];
    s.state = state;
    for (const t of transitions) {
      const alert = s.open.get(t.type);
      if (t.action === 'open' && !alert) {
        const opened: ReplayedAlert = {
          companyId: s.companyId,
          pointId: s.pointId,
          port: s.port,
          deviceId: s.deviceId,
          type: t.type,
          openedAt: t.ts,
          openedValue: t.value,
          lastAt: t.ts,
          lastValue: t.value,
          count: 1,
          clearedAt: null,
          clearedValue: null,
        };
        s.open.set(t.type, opened);
        this.alerts.push(opened);
      } else if (t.action === 'repeat' && alert) {
        alert.count += 1;
        alert.lastAt = t.ts;
        alert.lastValue = t.value;
      } else if (t.action === 'clear' && alert) {
        alert.clearedAt = t.ts;
        alert.clearedValue = t.value;
        s.open.delete(t.type);
      }
    }
  }

  /** Every value pushed so far, evaluated. */
  finish(): ReplayedAlert[] {
    for (const s of this.series.values()) this.evaluate(s);
    return this.alerts;
  }

  /** Writes the alerts and every replayed series' memory (in the back-fill's transaction). */
  async write(tx: Db): Promise<void> {
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    const a = this.finish();
    for (let i = 0; i < a.length; i += 2000) {
      const chunk = a.slice(i, i + 2000);
      const col = <T>(f: (x: ReplayedAlert) => T) => p(chunk.map(f));
      await tx.execute(sql`
        insert into alerts (company_id, point_id, port, device_id, type, level, opened_at, opened_value,
          last_at, last_value, count, cleared_at, cleared_value, created_at, updated_at)
        select company_id, point_id, port, device_id, type, level, opened_at, opened_value, last_at,
          last_value, count, cleared_at, cleared_value, opened_at, coalesce(cleared_at, last_at)
        from unnest(${col((x) => x.companyId)}::uuid[], ${col((x) => x.pointId)}::uuid[],
          ${col((x) => x.port)}::text[], ${col((x) => x.deviceId)}::uuid[], ${col((x) => x.type)}::text[],
          ${col((x) => alertTypeLevel[x.type])}::text[], ${col((x) => iso(x.openedAt))}::timestamptz[],
          ${col((x) => x.openedValue)}::float8[], ${col((x) => iso(x.lastAt))}::timestamptz[],
          ${col((x) => x.lastValue)}::float8[], ${col((x) => x.count)}::int[],
          ${col((x) => iso(x.clearedAt))}::timestamptz[], ${col((x) => x.clearedValue)}::float8[])
          as t(company_id, point_id, port, device_id, type, level, opened_at, opened_value, last_at,
            last_value, count, cleared_at, cleared_value)`);
    }
    const states = [...this.series.values()].filter((s) => s.state.lastTs !== null);
    if (states.length === 0) return;
    await tx.execute(sql`
      insert into alert_series_states (point_id, port, state)
      select * from unnest(${p(states.map((s) => s.pointId))}::uuid[], ${p(states.map((s) => s.port))}::text[],
        ${p(states.map((s) => JSON.stringify(s.state)))}::jsonb[])
      on conflict (point_id, port) do update set state = excluded.state, updated_at = now()`);
  }
}
