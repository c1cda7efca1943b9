/** The transmission status of installed devices (docs/REPORTS.md "Installed-device transmission status"). */
import { deviceTransmissions, type DeviceTransmission } from '@aforo/contracts/devices';

export const deviceTransmissionKeys: Record<DeviceTransmission, string> = {
  in_service: 'devices.transmissions.inService',
  out_of_service_under_24h: 'devices.transmissions.outOfServiceUnder24h',
  out_of_service_over_24h: 'devices.transmissions.outOfServiceOver24h',
};

// the overview's out-of-service figures use the same orange and red
export const deviceTransmissionColours: Record<DeviceTransmission, string> = {
  in_service: 'green',
  out_of_service_under_24h: 'orange',
  out_of_service_over_24h: 'red',
};

/** A status read from the URL, or undefined when it is none (an old or hand-edited link). */
export function parseDeviceTransmission(value: string | undefined): DeviceTransmission | undefined {
  return (deviceTransmissions as readonly string[]).includes(value ?? '')
    ? (value as DeviceTransmission)
    : undefined;
}

/** The devices list of a section filtered to one status (the overview's figures link to it). */
export function devicesWithTransmissionPath(
  section: 'administration' | 'operation',
  transmission: DeviceTransmission,
): string {
  return `/app/${section}/devices?transmission=${transmission}`;
}
