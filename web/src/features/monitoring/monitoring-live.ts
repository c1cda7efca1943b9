/**
 * The monitoring list kept current by the live stream, without polling: a `latest` event patches the
 * rows it concerns in every cached page at once (value, time, flag), then the pages showing those
 * points are refetched shortly after for their trend and level; an `alert` refetches the pages
 * showing its point; a page whose membership depends on the state (level filter, order by level
 * or time) is refetched on any change; `resync` refetches all.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { MonitoringList } from '@aforo/contracts/monitoring';
import type { StreamLatest } from '@aforo/contracts/stream';
import type { LiveEvent } from '../../lib/live-stream';
import type { ListParams } from '../../lib/query-keys';
import { queryKeys } from '../../lib/query-keys';

const refetchDelayMs = 300;

/** Whether a page's rows may change with any point's state, shown or not. */
const dependsOnState = (params: ListParams | undefined) =>
  params !== undefined &&
  (params.level !== undefined || (params.order !== undefined && params.order !== 'name'));

/** The newest reading of a row after the stream's rows (only the series it shows, only if newer). */
function patchRows(page: MonitoringList, rows: StreamLatest[]): MonitoringList {
  let changed = false;
  const next = page.rows.map((row) => {
    const newer = rows.find(
      (r) => r.pointId === row.pointId && (!row.latest || Date.parse(r.ts) > Date.parse(row.latest.ts)),
    );
    if (!newer) return row;
    changed = true;
    return { ...row, latest: { port: newer.port, ts: newer.ts, value: newer.interpreted, flag: newer.flag } };
  });
  return changed ? { ...page, rows: next } : page;
}

export function createMonitoringLiveHandler(queryClient: QueryClient): (event: LiveEvent) => void {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetchSoon = (queryHash: string) => {
    pending.add(queryHash);
    timer ??= setTimeout(() => {
      timer = undefined;
      const hashes = new Set(pending);
      pending.clear();
      void queryClient.invalidateQueries({
        queryKey: queryKeys.monitoring.all,
        predicate: (query) => hashes.has('*') || hashes.has(query.queryHash),
      });
    }, refetchDelayMs);
  };

  const pages = () =>
    queryClient.getQueryCache().findAll({ queryKey: [...queryKeys.monitoring.all, 'list'] });

  function concern(pointIds: Set<string>) {
    for (const query of pages()) {
      const params = query.queryKey[2] as ListParams | undefined;
      const data = query.state.data as MonitoringList | undefined;
      if (dependsOnState(params) || data?.rows.some((row) => pointIds.has(row.pointId)))
        refetchSoon(query.queryHash);
    }
  }

  return (event) => {
    if (event.name === 'latest') {
      queryClient.setQueriesData<MonitoringList>(
        { queryKey: [...queryKeys.monitoring.all, 'list'] },
        (page) => (page ? patchRows(page, event.data.rows) : page),
      );
      concern(new Set(event.data.rows.map((r) => r.pointId)));
    } else if (event.name === 'alert') {
      concern(new Set([event.data.pointId]));
    } else if (event.name === 'resync') {
      refetchSoon('*');
    }
  };
}
