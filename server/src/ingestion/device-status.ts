/**
 * Last seen, battery, rssi and firmware of each device, from every message it sends. Kept apart from
 * the measures transaction on purpose: it is not part of the delivery guarantee, and one coalesced
 * UPDATE a second (latest status per device) costs far less than touching device rows in every batch
 * — two concurrent batches updating the same device rows in different orders could also deadlock.
 */
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { DeviceStatus } from './pipeline';
import { updateDeviceStatus } from './telemetry.repository';

export function createDeviceStatusTracker(db: Db, log: Logger, intervalMs = 1000) {
  let pending = new Map<string, DeviceStatus>();
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    const rows = [...pending.values()];
    pending = new Map();
    writing = writing.then(() =>
      updateDeviceStatus(db, rows).catch((err: unknown) => {
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
