/**
 * The alert rows a round's transitions write, several series at once. A round's statements are paid
 * in round trips that queue behind the writer's batches on a busy database, so the transitions are
 * written in waves: wave k holds the k-th transition of every series, one statement per action —
 * within a wave a series appears once, so no statement touches a series' alert of a type twice, and
 * a series' transitions still apply in their order (open, then clear, then open again).
 */
import { sql } from 'drizzle-orm';
import { alertTypeLevel } from '@aforo/contracts/alert-types';
import type { Db } from '../db/client';
import type { SeriesContext, SeriesKey } from './alerting.repository';
import type { Transition } from './evaluator';

const p = sql.param;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface TransitionItem {
  key: SeriesKey;
  context: SeriesContext;
  transition: Transition;
}
type Indexed = TransitionItem & { index: number };

/** Writes the transitions; returns, item by item, the id of the alert touched (null: none matched). */
export async function applyTransitions(tx: Db, items: TransitionItem[]): Promise<Array<string | null>> {
  const ids: Array<string | null> = items.map(() => null);
  const waves: Indexed[][] = [];
  const seen = new Map<string, number>();
  items.forEach((item, index) => {
    const series = `${item.key.pointId}|${item.key.port}`;
    const wave = seen.get(series) ?? 0;
    seen.set(series, wave + 1);
    (waves[wave] ??= []).push({ ...item, index });
  });
  for (const wave of waves) {
    const by = (actions: string[]) => wave.filter((i) => actions.includes(i.transition.action));
    for (const [group, write] of [
      [by(['open']), openAlerts],
      [by(['late']), recordLate],
      [by(['repeat', 'clear']), touchActive],
    ] as const) {
      if (group.length === 0) continue;
      const touched = await write(tx, group);
      // within a wave (point, port, type) names one item
      for (const item of group) {
        const { pointId, port } = item.key;
        ids[item.index] = touched.get(`${pointId}|${port}|${item.transition.type}`) ?? null;
      }
    }
  }
  return ids;
}

const columns = (group: Indexed[]) => {
  const at = group.map((i) => new Date(i.transition.ts).toISOString());
  return {
    companies: p(group.map((i) => i.context.companyId)),
    points: p(group.map((i) => i.key.pointId)),
    ports: p(group.map((i) => i.key.port)),
    devices: p(group.map((i) => i.context.deviceId)),
    types: p(group.map((i) => i.transition.type)),
    levels: p(group.map((i) => alertTypeLevel[i.transition.type])),
    at: p(at),
    values: p(group.map((i) => i.transition.value)),
    late: p(group.map((i) => i.transition.late)),
    muted: p(group.map((i) => i.context.muted)),
    actions: p(group.map((i) => i.transition.action)),
  };
};

function touchedMap(result: unknown): Map<string, string> {
  const map = new Map<string, string>();
  for (const r of rowsOf<{ id: string; point_id: string; port: string; type: string }>(result))
    map.set(`${r.point_id}|${r.port}|${r.type}`, r.id);
  return map;
}

/** Opens alerts; an alert of the type already active for the series counts one more instead. */
async function openAlerts(tx: Db, group: Indexed[]): Promise<Map<string, string>> {
  const c = columns(group);
  return touchedMap(
    await tx.execute(sql`
      insert into alerts (company_id, point_id, port, device_id, type, level, opened_at, opened_value,
        last_at, last_value, late, muted)
      select k.company_id, k.point_id, k.port, k.device_id, k.type, k.level, k.at, k.value, k.at,
        k.value, k.late, k.muted
      from unnest(${c.companies}::uuid[], ${c.points}::uuid[], ${c.ports}::text[], ${c.devices}::uuid[],
        ${c.types}::text[], ${c.levels}::text[], ${c.at}::timestamptz[], ${c.values}::float8[],
        ${c.late}::boolean[], ${c.muted}::boolean[])
        as k(company_id, point_id, port, device_id, type, level, at, value, late, muted)
      on conflict (point_id, (coalesce(port, '')), type) where cleared_at is null
      do update set count = alerts.count + 1, last_at = excluded.last_at, last_value = excluded.last_value,
        updated_at = now()
      returning id::text, point_id::text, port, type`),
  );
}

/**
 * A late record is history: written already cleared, beside whatever is active now — unless an
 * alert of its type already covers that moment (and a value another round evaluated in order must
 * not be recorded twice).
 */
async function recordLate(tx: Db, group: Indexed[]): Promise<Map<string, string>> {
  const c = columns(group);
  return touchedMap(
    await tx.execute(sql`
      insert into alerts (company_id, point_id, port, device_id, type, level, opened_at, opened_value,
        last_at, last_value, cleared_at, cleared_value, late, muted)
      select k.company_id, k.point_id, k.port, k.device_id, k.type, k.level, k.at, k.value, k.at,
        k.value, k.at, k.value, k.late, k.muted
      from unnest(${c.companies}::uuid[], ${c.points}::uuid[], ${c.ports}::text[], ${c.devices}::uuid[],
        ${c.types}::text[], ${c.levels}::text[], ${c.at}::timestamptz[], ${c.values}::float8[],
        ${c.late}::boolean[], ${c.muted}::boolean[])
        as k(company_id, point_id, port, device_id, type, level, at, value, late, muted)
      where not exists (
        select 1 from alerts a where a.point_id = k.point_id and a.port = k.port and a.type = k.type
          and a.opened_at <= k.at and coalesce(a.cleared_at, 'infinity') >= k.at)
      returning id::text, point_id::text, port, type`),
  );
}

/** Counts one more on (repeat) or clears (clear) the series' active alert of each type. */
async function touchActive(tx: Db, group: Indexed[]): Promise<Map<string, string>> {
  const c = columns(group);
  return touchedMap(
    await tx.execute(sql`
      update alerts a set
        count = a.count + case when k.action = 'repeat' then 1 else 0 end,
        last_at = case when k.action = 'repeat' then k.at else a.last_at end,
        last_value = case when k.action = 'repeat' then k.value else a.last_value end,
        cleared_at = case when k.action = 'clear' then k.at else a.cleared_at end,
        cleared_value = case when k.action = 'clear' then k.value else a.cleared_value end,
        updated_at = now()
      from unnest(${c.points}::uuid[], ${c.ports}::text[], ${c.types}::text[], ${c.at}::timestamptz[],
        ${c.values}::float8[], ${c.actions}::text[]) as k(point_id, port, type, at, value, action)
      where a.point_id = k.point_id and a.port = k.port and a.type = k.type and a.cleared_at is null
      returning a.id::text, a.point_id::text, a.port, a.type`),
  );
}
