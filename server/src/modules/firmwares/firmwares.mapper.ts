import type { Firmware } from '@aforo/contracts/firmwares';
import type { FirmwareRow } from './firmwares.repository';

export function toFirmware(row: FirmwareRow): Firmware {
  return {
    id: row.id,
    version: row.version,
    model: { id: row.modelId, name: row.modelName },
    devices: row.devices,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The fields the history of changes records. */
export function firmwareHistory(row: FirmwareRow): Record<string, unknown> {
  return { modelId: row.modelId, version: row.version };
}
