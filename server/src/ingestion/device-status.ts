/**
 * Last seen, battery, rssi and firmware of each device, from every message it sends. Kept apart from
 * the measures transaction on purpose: it is not part of the delivery guarantee, and one coalesced
 * UPDATE a second (latest status per device) costs far less than touching device rows in every batch
 * — two concurrent batches updating the same device rows in different orders could also deadlock.
 */
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { DeviceStatus } from './pipeline';

const p = sql.param;

export function createDeviceStatusTracker(db: Db, log: Logger, intervalMs = 1000) {
  let pending = new Map<string, DeviceStatus>();
  let writing: Promise<void> = Promise.resolve();

  async function write(rows: DeviceStatus[]): Promise<void> {
    if (rows.length === 0) return;
    rows.sort((a, b) => (a.deviceId < b.deviceId ? -1 : 1));
    await db.execute(sql`
      update devices d set
        last_seen_at = greatest(d.last_seen_at, to_timestamp(v.seen)),
        last_battery = coalesce(v.battery, d.last_battery),
        last_rssi = coalesce(v.rssi, d.last_rssi),
        firmware_id = coalesce(v.firmware_id, d.firmware_id)
      from unnest(${p(rows.map((r) => r.deviceId))}::uuid[], ${p(rows.map((r) => r.seenAt.getTime() / 1000))}::float8[],
        ${p(rows.map((r) => r.battery))}::float8[], ${p(rows.map((r) => (r.rssi === null ? null : Math.round(r.rssi))))}::int[],
        ${p(rows.map((r) => r.firmwareId))}::uuid[]) as v(id, seen, battery, rssi, firmware_id)
      where d.id = v.id`);
  }

  function flush(): Promise<void> {
    const rows = [...pending.values()];
    pending = new Map();
    writing = writing.then(() =>
      write(rows).catch((err: unknown) => {
        log.warn({ err }, 'device status update failed');
        // keep what we had unless newer news arrived meanwhile
        for (const r of rows) if (!pending.has(r.deviceId)) pending.set(r.deviceId, r);
      }),
    );
    return writing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    note(status: DeviceStatus): void {
      const before = pending.get(status.deviceId);
      pending.set(status.deviceId, {
        deviceId: status.deviceId,
        seenAt: before && before.seenAt > status.seenAt ? before.seenAt : status.seenAt,
        battery: status.battery ?? before?.battery ?? null,
        rssi: status.rssi ?? before?.rssi ?? null,
        firmwareId: status.firmwareId ?? before?.firmwareId ?? null,
      });
    },
    flush,
    async close(): Promise<void> {
      clearInterval(timer);
      await flush();
    },
  };
}
export type DeviceStatusTracker = ReturnType<typeof createDeviceStatusTracker>;
