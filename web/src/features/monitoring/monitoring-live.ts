/**
 * The monitoring list kept current by the live stream without refetch storms (docs/WEB.md
 * Monitoring): every event is applied to the cached pages (setQueryData), nothing is refetched on an
 * event.
 * - `latest`: the row's reading when newer, and its level: a worse level at once; a better one when
 *   it is the level of the series the row shows (a point has one series but for a few multi-port
 *   stations, whose other series the next full read accounts for).
 * - `alert`: an alert that is open raises its point's level when it is worse.
 * - Pages ordered by level or time are re-sorted in place (favourites first, as the server does).
 * The shown pages are read in full once a minute while the tab is visible (startMonitoringSafetyNet;
 * not react-query's refetchInterval, which every setQueryData restarts, so a busy stream would
 * postpone it for ever): that brings what an event cannot tell — the trend, points entering or
 * leaving a filter or a page. `resync` (the stream reconnected and lost events) refetches at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import { alertLevelRank } from '@aforo/contracts/alert-types';
import { alertColours } from '@aforo/contracts/constants';
import type { AlertLevel } from '@aforo/contracts/constants';
import type { MonitoringList, MonitoringRow } from '@aforo/contracts/monitoring';
import type { StreamLatest } from '@aforo/contracts/stream';
import type { LiveEvent } from '../../lib/live-stream';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';

/** The safety net: a shown page is read in full at most this often. */
export const monitoringSafetyNetMs = 60_000;

const rank = (level: MonitoringRow['level']) => (level === null ? -1 : alertLevelRank[level]);

function withLevel(row: MonitoringRow, level: AlertLevel): MonitoringRow {
  return row.level === level ? row : { ...row, level, colour: alertColours[level] };
}

/** A row after the stream's rows of its point (only the newest reading counts; older ones are ignored). */
function patchRow(row: MonitoringRow, rows: StreamLatest[]): MonitoringRow {
  let next = row;
  for (const r of rows) {
    if (r.pointId !== row.pointId) continue;
    const newer = !next.latest || Date.parse(r.ts) > Date.parse(next.latest.ts);
    if (newer) next = { ...next, latest: { port: r.port, ts: r.ts, value: r.interpreted, flag: r.flag } };
    const shownSeries = next.latest?.port === r.port;
    if (rank(r.alertLevel) > rank(next.level) || (shownSeries && newer)) next = withLevel(next, r.alertLevel);
  }
  return next;
}

/** Re-sorts a page whose order depends on the state; stable, so ties keep the server's order. */
function resort(page: MonitoringList, params: ListParams | undefined): MonitoringList {
  const order = params?.order ?? 'level';
  if (order === 'name') return page;
  const sign = (params?.dir ?? 'DESC') === 'ASC' ? 1 : -1;
  const key = (row: MonitoringRow) =>
    order === 'level' ? rank(row.level) : row.latest ? Date.parse(row.latest.ts) : -Infinity;
  const rows = [...page.rows].sort((a, b) => {
    if (a.favourite !== b.favourite) return a.favourite ? -1 : 1;
    const ka = key(a);
    const kb = key(b);
    // no data sorts last when descending, first when ascending (as the server's nulls last/first)
    return ka === kb ? 0 : (ka < kb ? -1 : 1) * sign;
  });
  return rows.every((row, i) => row === page.rows[i]) ? page : { ...page, rows };
}

export function createMonitoringLiveHandler(queryClient: QueryClient): (event: LiveEvent) => void {
  const listKey = [...queryKeys.monitoring.all, 'list'] as const;

  function patchPages(patch: (row: MonitoringRow) => MonitoringRow) {
    for (const query of queryClient.getQueryCache().findAll({ queryKey: listKey })) {
      const page = query.state.data as MonitoringList | undefined;
      if (!page) continue;
      const rows = page.rows.map(patch);
      if (rows.every((row, i) => row === page.rows[i])) continue;
      const params = query.queryKey[2] as ListParams | undefined;
      queryClient.setQueryData<MonitoringList>(query.queryKey, resort({ ...page, rows }, params));
    }
  }

  return (event) => {
    if (event.name === 'latest') {
      const rows = event.data.rows;
      const points = new Set(rows.map((r) => r.pointId));
      patchPages((row) => (points.has(row.pointId) ? patchRow(row, rows) : row));
    } else if (event.name === 'alert') {
      const alert = event.data;
      if (alert.clearedAt !== null) return;
      patchPages((row) =>
        row.pointId === alert.pointId && rank(alert.level) > rank(row.level)
          ? withLevel(row, alert.level)
          : row,
      );
    } else if (event.name === 'resync') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.monitoring.all });
    }
  };
}

/** Reads the shown pages (active queries) in full every `everyMs` while the tab is visible; returns the stop. */
export function startMonitoringSafetyNet(
  queryClient: QueryClient,
  everyMs = monitoringSafetyNetMs,
): () => void {
  const timer = setInterval(() => {
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return;
    void queryClient.refetchQueries({ queryKey: [...queryKeys.monitoring.all, 'list'], type: 'active' });
  }, everyMs);
  return () => clearInterval(timer);
}
