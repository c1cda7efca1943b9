/** Device states, locations and the allowed transitions (docs/DEVICES.md). */
import { z } from 'zod';

export const deviceStates = [
  'Unconfigured',
  'Available',
  'Inactive',
  'Active',
  'Maintenance',
  'Not Operational',
  'Repaired',
  'Decommissioned',
] as const;
export const deviceStateSchema = z.enum(deviceStates);
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceLocations = ['Empty', 'Store', 'Supplier', 'Dump Site'] as const;
export const deviceLocationSchema = z.enum(deviceLocations);
export type DeviceLocation = z.infer<typeof deviceLocationSchema>;

/** State-changing actions of POST /api/devices/{id}/{action}; install/uninstall have their own calls. */
export const deviceTransitions = {
  review: { from: ['Unconfigured'], to: 'Available' },
  assign: { from: ['Available'], to: 'Inactive' },
  install: { from: ['Inactive', 'Repaired'], to: 'Active' },
  'request-maintenance': { from: ['Active'], to: 'Not Operational' },
  maintenance: { from: ['Active', 'Not Operational', 'Inactive'], to: 'Maintenance' },
  repaired: { from: ['Maintenance'], to: 'Repaired' },
  uninstall: { from: ['Active', 'Not Operational', 'Repaired'], to: 'Inactive' },
  'turn-off': { from: ['Active'], to: 'Inactive' },
  decommission: { from: ['Inactive'], to: 'Decommissioned' },
} as const satisfies Record<string, { from: readonly DeviceState[]; to: DeviceState }>;
export type DeviceTransition = keyof typeof deviceTransitions;
export const deviceTransitionNames = Object.keys(deviceTransitions) as DeviceTransition[];

/** The transitions with no point to choose: POST /api/devices/{id}/{action}. */
export const deviceSimpleActions = [
  'review',
  'assign',
  'request-maintenance',
  'maintenance',
  'repaired',
  'turn-off',
  'decommission',
] as const satisfies readonly DeviceTransition[];
export type DeviceSimpleAction = (typeof deviceSimpleActions)[number];

export function canTransition(action: DeviceTransition, from: DeviceState): boolean {
  return (deviceTransitions[action].from as readonly DeviceState[]).includes(from);
}

/**
 * The states an ADMIN's "change state" (a correction) may move a device to from `from`: the target of
 * every transition the table allows from it (docs/DEVICES.md). Nothing leaves Decommissioned.
 */
export function changeStateTargets(from: DeviceState): DeviceState[] {
  const targets = new Set<DeviceState>();
  for (const rule of Object.values(deviceTransitions) as Array<{
    from: readonly DeviceState[];
    to: DeviceState;
  }>)
    if (rule.from.includes(from) && rule.to !== from) targets.add(rule.to);
  return deviceStates.filter((s) => targets.has(s));
}

export const operationModes = ['level', 'status pulse'] as const;
export const operationModeSchema = z.enum(operationModes);

export const namedListSchema = z.object({
  rows: z.array(z.object({ id: z.string(), name: z.string() })),
  total: z.number().int(),
});
