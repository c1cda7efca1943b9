/**
 * The latest values of a company's points, kept in memory and current from the events that announce
 * every change of them, so a client polling them (the `/api/v1` latest values of API tokens, the
 * benchmark's 5,000 points) costs a read of the few points that changed since its last call, not a
 * join of every point and the decoding of 5,000 rows (~10 ms on our 2-core machines).
 *
 * What changes a point's rows, and what announces it (any process, over the bus):
 * - its values: the writer's batch — `series.changed` after the alert round (or, with ALERTS=off,
 *   from ingestion/latest-announcer.ts), so a value may show up to a round (~0.3 s) later here than in
 *   the database; the live stream pushes it at the same moment;
 * - its colour: `series.changed` (alert engine) and `alert.changed` (the silence job, acknowledgements);
 * - the point itself (deleted, restored, moved, a device installed): `point.changed`.
 * A point the cache does not know (new, or another company's) is checked once in every cached company. A
 * lost bus connection (resync) drops everything, and each company is read whole again after
 * `fullReadMs` for what no event announces (direct SQL). Changes are marked before the read that
 * applies them starts, and one company's reads run one at a time: a change is never lost between a
 * read and its mark, and an older read never overwrites a newer one.
 */
import type { EventBus } from '../../events/event-bus';

/** A row of one series of a point, as the cache hands it out (already in its answer's shape). */
interface Row {
  pointId: string;
}

export interface LatestValuesSource<T extends Row> {
  /** Every series of the company's live points, up to `limit` rows. */
  all(companyId: string, limit: number): Promise<T[]>;
  /** The series of these points that are live points of the company, and which of them are. */
  some(companyId: string, pointIds: string[]): Promise<{ rows: T[]; members: string[] }>;
}

interface Entry<T> {
  byPoint: Map<string, T[]>;
  readAt: number;
  /** Points changed since the last read began; 'all' after too many. */
  dirty: Set<string> | 'all';
  /** Points found not to be the company's live points (another company's): their changes are not its. */
  foreign: Set<string>;
  /** The company's reads, one at a time. */
  queue: Promise<unknown>;
}

export interface LatestValuesCacheOptions {
  events: Pick<EventBus, 'on' | 'onResync'>;
  /** Companies kept (least recently asked dropped first). */
  maxCompanies?: number;
  /** A company is read whole again after this long (changes no event announces). */
  fullReadMs?: number;
  /** Points changed at once beyond which the company is read whole. */
  maxDirty?: number;
}

export function createLatestValuesCache<T extends Row>(options: LatestValuesCacheOptions) {
  const maxCompanies = options.maxCompanies ?? 50;
  const fullReadMs = options.fullReadMs ?? 60_000;
  const maxDirty = options.maxDirty ?? 1_000;
  const entries = new Map<string, Entry<T>>();
  /** The company of each point the cached companies hold. */
  const companyOf = new Map<string, string>();

  function mark(entry: Entry<T>, pointId: string) {
    if (entry.dirty === 'all' || entry.foreign.has(pointId)) return;
    entry.dirty.add(pointId);
    if (entry.dirty.size > maxDirty) entry.dirty = 'all';
  }
  function changed(pointIds: string[]) {
    for (const id of pointIds) {
      const company = companyOf.get(id);
      const entry = company === undefined ? undefined : entries.get(company);
      if (entry) mark(entry, id);
      // unknown here: a new point, one without values yet, or another company's — any cached one may own it
      else if (company === undefined) for (const other of entries.values()) mark(other, id);
    }
  }
  function drop(companyId: string) {
    const entry = entries.get(companyId);
    if (!entry) return;
    for (const id of entry.byPoint.keys()) companyOf.delete(id);
    entries.delete(companyId);
  }
  function put(companyId: string, entry: Entry<T>, rows: T[], pointIds: string[]) {
    for (const id of pointIds) {
      entry.byPoint.delete(id);
      if (companyOf.get(id) === companyId) companyOf.delete(id);
    }
    for (const row of rows) {
      let list = entry.byPoint.get(row.pointId);
      if (!list) entry.byPoint.set(row.pointId, (list = []));
      list.push(row);
      companyOf.set(row.pointId, companyId);
    }
  }

  const offs = [
    options.events.on('series.changed', ({ pointIds }) => changed(pointIds)),
    options.events.on('alert.changed', ({ pointId }) => changed([pointId])),
    options.events.on('point.changed', ({ pointId }) => {
      // it may have joined a company (moved, restored): no longer foreign anywhere
      for (const entry of entries.values()) entry.foreign.delete(pointId);
      changed([pointId]);
    }),
    options.events.onResync(() => {
      entries.clear();
      companyOf.clear();
    }),
  ];

  async function refresh(companyId: string, entry: Entry<T>, source: LatestValuesSource<T>, limit: number) {
    if (entry.dirty === 'all' || Date.now() - entry.readAt > fullReadMs) {
      // marked before the read: what changes during it is read again next time
      entry.dirty = new Set();
      entry.foreign.clear();
      const readAt = Date.now();
      const rows = await source.all(companyId, limit);
      put(companyId, entry, [], [...entry.byPoint.keys()]);
      put(companyId, entry, rows, []);
      entry.readAt = readAt;
      return;
    }
    if (entry.dirty.size === 0) return;
    const ids = [...entry.dirty];
    entry.dirty = new Set();
    try {
      const { rows, members } = await source.some(companyId, ids);
      put(companyId, entry, rows, ids);
      const member = new Set(members);
      for (const id of ids) if (!member.has(id)) entry.foreign.add(id);
      // bounded: forgetting them only costs a check each
      if (entry.foreign.size > 50_000) entry.foreign.clear();
    } catch (err) {
      for (const id of ids) mark(entry, id);
      throw err;
    }
  }

  return {
    /** The company's rows (at most `limit`), current as of the events heard. */
    async list(companyId: string, source: LatestValuesSource<T>, limit: number): Promise<T[]> {
      let entry = entries.get(companyId);
      if (entry) {
        // most recently asked last: the first one is the one dropped
        entries.delete(companyId);
        entries.set(companyId, entry);
      } else {
        entry = {
          byPoint: new Map(),
          readAt: 0,
          dirty: 'all',
          foreign: new Set(),
          queue: Promise.resolve(),
        };
        entries.set(companyId, entry);
        while (entries.size > maxCompanies) drop(entries.keys().next().value!);
      }
      const current = entry;
      const read = current.queue.then(() => refresh(companyId, current, source, limit));
      current.queue = read.catch(() => undefined);
      try {
        await read;
      } catch (err) {
        // the next call reads the company whole
        current.dirty = 'all';
        throw err;
      }
      const out: T[] = [];
      for (const list of current.byPoint.values()) {
        for (const row of list) {
          if (out.length === limit) return out;
          out.push(row);
        }
      }
      return out;
    },
    close() {
      offs.forEach((off) => off());
      entries.clear();
      companyOf.clear();
    },
  };
}
export type LatestValuesCache<T extends Row> = ReturnType<typeof createLatestValuesCache<T>>;
