/**
 * Device and provisioning keys of the demo fleet. They are derived from DEMO_PASSWORD so the seed,
 * the in-process simulator and `npm run simulate` agree on them without storing any key in clear.
 */
import { createHmac } from 'node:crypto';

export function demoDeviceKey(demoPassword: string, serial: string): string {
  return createHmac('sha256', demoPassword).update(`device:${serial}`).digest('base64url').slice(0, 32);
}

export function demoProvisioningKey(demoPassword: string, productCode: string): string {
  return createHmac('sha256', demoPassword).update(`product:${productCode}`).digest('base64url').slice(0, 32);
}
