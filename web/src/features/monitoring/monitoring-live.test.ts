import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Alert } from '@aforo/contracts/alerts';
import type { AlertLevel } from '@aforo/contracts/constants';
import type { MonitoringList, MonitoringRow } from '@aforo/contracts/monitoring';
import { buildAlert } from '../../test/fixtures';
import { queryKeys, type ListParams } from '../../lib/query-keys';
import { monitoringQueryOptions } from './api';
import {
  createMonitoringLiveHandler,
  monitoringSafetyNetMs,
  startMonitoringSafetyNet,
} from './monitoring-live';

const row = (pointId: string, ts: string | null, level: MonitoringRow['level'] = 'OK'): MonitoringRow => ({
  companyId: '00000000-0000-4000-8000-0000000000c0',
  companyName: 'Aguas del Norte',
  pointId,
  name: pointId,
  kind: 'river',
  unit: 'm',
  favourite: false,
  latest: ts ? { port: 'ai1', ts, value: 1, flag: 1 } : null,
  trend: null,
  level,
  colour: level ? '#008000' : null,
});
const a = '00000000-0000-4000-8000-00000000000a';
const b = '00000000-0000-4000-8000-00000000000b';
const c = '00000000-0000-4000-8000-00000000000c';
const latest = (pointId: string, ts: string, value: number, alertLevel: AlertLevel = 'OK', port = 'ai1') => ({
  name: 'latest' as const,
  data: { rows: [{ pointId, port, ts, interpreted: value, flag: 1, alertLevel }] },
});

let client: QueryClient;
const byName = { order: 'name', dir: 'ASC' };
const byLevel = { order: 'level', dir: 'DESC' };
const page = (params: ListParams) => client.getQueryData<MonitoringList>(queryKeys.monitoring.list(params))!;
const names = (params: ListParams) => page(params).rows.map((r) => r.pointId);

beforeEach(() => {
  vi.useFakeTimers();
  client = new QueryClient();
  client.setQueryData<MonitoringList>(queryKeys.monitoring.list(byName), {
    rows: [row(a, '2026-11-20T10:00:00Z'), row(b, null, null)],
    total: 2,
  });
  client.setQueryData<MonitoringList>(queryKeys.monitoring.list(byLevel), {
    rows: [row(c, '2026-11-20T10:00:00Z', 'WARNING'), row(a, '2026-11-20T10:00:00Z'), row(b, null, null)],
    total: 3,
  });
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

describe('the monitoring list on the live stream', () => {
  it('applies a reading and its level to every cached page, without refetching', async () => {
    const handle = createMonitoringLiveHandler(client);
    handle(latest(a, '2026-11-20T10:05:00Z', 2.5, 'DANGER'));
    expect(page(byName).rows[0]).toMatchObject({
      latest: { port: 'ai1', ts: '2026-11-20T10:05:00Z', value: 2.5, flag: 1 },
      level: 'DANGER',
      colour: '#FF0000',
    });
    expect(page(byName).rows[1]!.latest).toBeNull();
    // the page ordered by level puts the point first now, the name order stays
    expect(names(byLevel)).toEqual([a, c, b]);
    expect(names(byName)).toEqual([a, b]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(client.getQueryState(queryKeys.monitoring.list(byName))?.isInvalidated).toBe(false);
  });

  it('lowers the level told for the series shown, ignores older readings, raises on an open alert', () => {
    const handle = createMonitoringLiveHandler(client);
    handle(latest(c, '2026-11-20T10:05:00Z', 1, 'OK'));
    expect(page(byLevel).rows.find((r) => r.pointId === c)!.level).toBe('OK');
    // an older reading changes nothing; another series' better level does not lower the point
    handle(latest(a, '2026-11-20T09:00:00Z', 9, 'OK'));
    expect(page(byName).rows[0]!.latest!.value).toBe(1);
    handle(latest(a, '2026-11-20T10:06:00Z', 3, 'DANGER'));
    handle(latest(a, '2026-11-20T10:04:00Z', 3, 'OK', 'ai2'));
    expect(page(byName).rows[0]!.level).toBe('DANGER');
    const alert: Alert = { ...buildAlert(), pointId: b, level: 'NO_TRANSMISSION', clearedAt: null };
    handle({ name: 'alert', data: alert });
    expect(page(byName).rows[1]).toMatchObject({ level: 'NO_TRANSMISSION', colour: '#FFA500' });
    handle({ name: 'alert', data: { ...alert, pointId: a, level: 'WARNING' } });
    expect(page(byName).rows[0]!.level).toBe('DANGER');
  });

  it('reads the list in full at most once a minute whatever the events, and at once on resync', async () => {
    const fetcher = vi.fn((params: ListParams) =>
      Promise.resolve({ rows: [row(a, '2026-11-20T10:00:00Z')], total: params ? 1 : 0 }),
    );
    const params = { order: 'level', dir: 'DESC', page: 2 };
    const observer = new QueryObserver(client, monitoringQueryOptions(params, fetcher));
    const stop = observer.subscribe(() => undefined);
    const handle = createMonitoringLiveHandler(client);
    const stopSafetyNet = startMonitoringSafetyNet(client);
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(1);
    // 21 devices, one reading each every 30 s, for five minutes, and their alerts
    const minutes = 5;
    for (let second = 0; second < minutes * 60; second += 1) {
      const device = second % 21;
      const ts = new Date(Date.UTC(2026, 10, 20, 10, 0, second)).toISOString();
      handle(latest(device % 2 ? a : c, ts, second, device % 3 ? 'OK' : 'WARNING'));
      if (second % 30 === 0) handle({ name: 'alert', data: { ...buildAlert(), pointId: a } });
      await vi.advanceTimersByTimeAsync(1_000);
    }
    expect(fetcher.mock.calls.length).toBeLessThanOrEqual(1 + (minutes * 60_000) / monitoringSafetyNetMs);
    expect(fetcher.mock.calls.length).toBeGreaterThanOrEqual(minutes);
    const before = fetcher.mock.calls.length;
    handle({ name: 'resync', data: {} });
    await vi.advanceTimersByTimeAsync(0);
    expect(fetcher).toHaveBeenCalledTimes(before + 1);
    stop();
    stopSafetyNet();
  });
});
