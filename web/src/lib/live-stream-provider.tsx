/**
 * One live stream per tab (lib/live-stream.ts) while signed in with a current company, fed into
 * TanStack Query: `alert` patches the cached alert and its rows at once, then refetches the alert
 * lists (a new alert, or one that left a filter); `latest` merges into the latest-values cache;
 * `notification` refetches the notifications; `resync` refetches what the stream keeps current.
 * Features that react to single events (the new-alert toast) subscribe with onLiveEvent.
 */
import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Alert } from '@aforo/contracts/alerts';
import type { StreamLatest } from '@aforo/contracts/stream';
import type { ListPage } from './api';
import { openLiveStream } from './live-stream';
import type { LiveEvent, LiveStreamOptions } from './live-stream';
import { useNetworkScope } from './network-scope';
import { queryKeys } from './query-keys';
import { sessionStore, useSession } from './session';

type Listener = (event: LiveEvent) => void;
const listeners = new Set<Listener>();

/** Calls the listener with every event of the tab's stream; returns the unsubscribe. */
export function onLiveEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Latest values by `${pointId}/${port}`, as the stream last told (newer times win). */
export type LatestValues = Record<string, StreamLatest>;

export const latestKey = (pointId: string, port: string) => `${pointId}/${port}`;

/** Refetches wait this long so a burst of alerts costs one list request. */
const refetchDelayMs = 250;

export function createLiveEventHandler(queryClient: QueryClient): (event: LiveEvent) => void {
  const pending = new Set<readonly unknown[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const refetchSoon = (...keys: (readonly unknown[])[]) => {
    keys.forEach((key) => pending.add(key));
    timer ??= setTimeout(() => {
      timer = undefined;
      const keysNow = [...pending];
      pending.clear();
      for (const queryKey of keysNow) void queryClient.invalidateQueries({ queryKey });
    }, refetchDelayMs);
  };

  function applyAlert(alert: Alert) {
    queryClient.setQueryData(queryKeys.alerts.detail(alert.id), alert);
    queryClient.setQueriesData<ListPage<Alert>>({ queryKey: [...queryKeys.alerts.all, 'list'] }, (page) =>
      page ? { ...page, rows: page.rows.map((row) => (row.id === alert.id ? alert : row)) } : page,
    );
    refetchSoon(queryKeys.alerts.all);
  }

  function applyLatest(rows: StreamLatest[]) {
    queryClient.setQueryData<LatestValues>(queryKeys.latest.all, (current = {}) => {
      const next = { ...current };
      for (const row of rows) {
        const key = latestKey(row.pointId, row.port);
        const known = next[key];
        if (!known || Date.parse(known.ts) <= Date.parse(row.ts)) next[key] = row;
      }
      return next;
    });
  }

  return (event) => {
    if (event.name === 'alert') applyAlert(event.data);
    else if (event.name === 'latest') applyLatest(event.data.rows);
    else if (event.name === 'notification') refetchSoon(queryKeys.notifications.all);
    else refetchSoon(queryKeys.alerts.all, queryKeys.notifications.all, queryKeys.points.all);
    for (const listener of listeners) listener(event);
  };
}

export interface UseLiveStreamOptions {
  /** Overrides for tests (fetch, back-off). */
  stream?: Partial<Pick<LiveStreamOptions, 'fetch' | 'minDelayMs' | 'maxDelayMs' | 'url'>>;
}

/**
 * Keeps the tab's stream open for the signed-in user in the current company (every company in the
 * provider's network view): a new company or view opens a new stream (without Last-Event-ID: its
 * ids belong to the other stream), sign-out closes it.
 * The token is read at every reconnection, so a refreshed token is used without closing the stream.
 */
export function useLiveStream({ stream }: UseLiveStreamOptions = {}): void {
  const queryClient = useQueryClient();
  const signedIn = useSession((s) => s.token !== null);
  const companyId = useSession((s) => s.currentCompanyId);
  // provider staff in the network view hear every company (GET /api/stream?scope=all)
  const network = useNetworkScope().all;
  useEffect(() => {
    if (!signedIn || !companyId) return;
    const live = openLiveStream({
      ...stream,
      url: stream?.url ?? (network ? '/api/stream?scope=all' : '/api/stream'),
      headers: () => {
        const session = sessionStore.getState();
        return {
          Authorization: `Bearer ${session.token ?? ''}`,
          'X-Current-Company': companyId,
          'Accept-Language': session.language,
        };
      },
      onEvent: createLiveEventHandler(queryClient),
    });
    return () => live.stop();
    // the stream options are fixed for a tab's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedIn, companyId, network, queryClient]);
}

/** Mount once in the signed-in shell. */
export function LiveStream() {
  useLiveStream();
  return null;
}
