import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MonitoringList, MonitoringRow } from '@aforo/contracts/monitoring';
import { queryKeys, type ListParams } from '../../lib/query-keys';
import { createMonitoringLiveHandler } from './monitoring-live';

const row = (pointId: string, ts: string | null): MonitoringRow => ({
  companyId: '00000000-0000-4000-8000-0000000000c0',
  companyName: 'Aguas del Norte',
  pointId,
  name: pointId,
  kind: 'river',
  unit: 'm',
  favourite: false,
  latest: ts ? { port: 'ai1', ts, value: 1, flag: 1 } : null,
  trend: null,
  level: 'OK',
  colour: '#008000',
});
const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';
const latest = (pointId: string, ts: string, value: number) => ({
  name: 'latest' as const,
  data: { rows: [{ pointId, port: 'ai1', ts, interpreted: value, flag: 1, alertLevel: 'OK' as const }] },
});

let client: QueryClient;
const byName = { order: 'name' };
const byLevel = { level: 'DANGER' };
beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  client.setQueryData<MonitoringList>(queryKeys.monitoring.list(byName), {
    rows: [row(a, '2026-11-20T10:00:00Z'), row(b, null)],
    total: 2,
  });
  client.setQueryData<MonitoringList>(queryKeys.monitoring.list(byLevel), { rows: [], total: 0 });
});
afterEach(() => vi.useRealTimers());

const invalidated = (params: ListParams) =>
  client.getQueryState(queryKeys.monitoring.list(params))?.isInvalidated;

describe('the monitoring list on the live stream', () => {
  it('patches the shown row at once and refetches the pages that show it or filter by state', async () => {
    const handle = createMonitoringLiveHandler(client);
    handle(latest(a, '2026-11-20T10:05:00Z', 2.5));
    const page = client.getQueryData<MonitoringList>(queryKeys.monitoring.list(byName))!;
    expect(page.rows[0]!.latest).toEqual({ port: 'ai1', ts: '2026-11-20T10:05:00Z', value: 2.5, flag: 1 });
    expect(page.rows[1]!.latest).toBeNull();
    expect(invalidated(byName)).toBe(false);
    await vi.advanceTimersByTimeAsync(400);
    expect(invalidated(byName)).toBe(true);
    expect(invalidated(byLevel)).toBe(true);
  });

  it('ignores an older reading and leaves pages that do not show the point', async () => {
    const handle = createMonitoringLiveHandler(client);
    handle(latest(a, '2026-11-20T09:00:00Z', 9));
    expect(
      client.getQueryData<MonitoringList>(queryKeys.monitoring.list(byName))!.rows[0]!.latest!.value,
    ).toBe(1);
    handle(latest(c, '2026-11-20T10:05:00Z', 9));
    await vi.advanceTimersByTimeAsync(400);
    // a shown point's (stale) event still refetches its page; the level-filtered page may gain c
    expect(invalidated(byLevel)).toBe(true);
    client.setQueryData<MonitoringList>(queryKeys.monitoring.list(byName), {
      rows: [row(b, null)],
      total: 1,
    });
    handle(latest(c, '2026-11-20T10:06:00Z', 9));
    await vi.advanceTimersByTimeAsync(400);
    expect(invalidated(byName)).toBe(false);
  });
});
