/** Which actions the menu of a device offers: the transitions allowed from its state (docs/DEVICES.md) and role. */
import { canTransition, changeStateTargets } from '@aforo/contracts/device-states';
import type { DeviceTransition } from '@aforo/contracts/device-states';
import type { Device } from '@aforo/contracts/devices';

export type DeviceMenuAction =
  'edit' | DeviceTransition | 'change-state' | 'key' | 'delete' | 'restore' | 'hard-delete';

export interface DeviceRights {
  /** ADMIN or CHIEF (devices.operate). */
  canOperate: boolean;
  /** ADMIN (devices.destroy): decommission and hard delete. */
  canDestroy: boolean;
  /** ADMIN (devices.changeState): corrections of the state. */
  canChangeState?: boolean;
}

/** Transitions in the order the menu shows them. */
const transitionOrder: DeviceTransition[] = [
  'review',
  'assign',
  'install',
  'request-maintenance',
  'maintenance',
  'repaired',
  'uninstall',
  'turn-off',
  'decommission',
];

export type DeviceForActions = Pick<Device, 'state' | 'deletedAt' | 'measurementPoint'>;

export function deviceMenuActions(device: DeviceForActions, rights: DeviceRights): DeviceMenuAction[] {
  if (!rights.canOperate) return [];
  if (device.deletedAt) return ['restore', ...(rights.canDestroy ? (['hard-delete'] as const) : [])];
  const isFinal = device.state === 'Decommissioned';
  const transitions = transitionOrder.filter(
    (action) => canTransition(action, device.state) && (action !== 'decommission' || rights.canDestroy),
  );
  return [
    ...(isFinal ? [] : (['edit'] as const)),
    ...transitions,
    ...(rights.canChangeState && changeStateTargets(device.state).length > 0
      ? (['change-state'] as const)
      : []),
    ...(isFinal ? [] : (['key'] as const)),
    ...(device.state === 'Active' ? [] : (['delete'] as const)),
    ...(rights.canDestroy && !device.measurementPoint ? (['hard-delete'] as const) : []),
  ];
}

const camel = (text: string) =>
  text.toLowerCase().replace(/ (\w)/g, (_match, letter: string) => letter.toUpperCase());

/** i18n key of a device state, e.g. 'Not Operational' → devices.states.notOperational. */
export const deviceStateKey = (state: Device['state']) => `devices.states.${camel(state)}`;

/** i18n key of a location, e.g. 'Dump Site' → devices.locations.dumpSite. */
export const deviceLocationKey = (location: Device['location']) => `devices.locations.${camel(location)}`;

export const deviceStateColours: Record<Device['state'], string> = {
  Unconfigured: 'gray',
  Available: 'cyan',
  Inactive: 'blue',
  Active: 'teal',
  Maintenance: 'orange',
  'Not Operational': 'red',
  Repaired: 'lime',
  Decommissioned: 'dark',
};
