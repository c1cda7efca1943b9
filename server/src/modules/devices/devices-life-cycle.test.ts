/** The device life cycle: every action tried from every state, against the table of docs/DEVICES.md. */
import { describe, expect, it } from 'vitest';
import { deviceStates } from '@aforo/contracts/device-states';
import { buildPoint } from '../../test/factories';
import { call, deviceIn, norte, server, useDevicesServer } from './devices.fixtures';

useDevicesServer();

// docs/DEVICES.md, written out: the states each action starts from, where it leads, and the refusal code.
const table: Record<
  string,
  {
    from: string[];
    to: string;
    refused: string;
    body?: (device: { measurementPointId: string | null }) => Promise<object> | object;
  }
> = {
  review: { from: ['Unconfigured'], to: 'Available', refused: 'EQ1010' },
  assign: { from: ['Available'], to: 'Inactive', refused: 'EQ1010', body: () => ({ companyId: norte }) },
  install: {
    from: ['Inactive', 'Repaired'],
    to: 'Active',
    refused: 'EQ1010',
    // a repaired device goes back to its own point; a stocked one to a free point
    body: async (device) => ({
      pointId: device.measurementPointId ?? (await buildPoint(server.database.db, norte)).id,
    }),
  },
  'request-maintenance': { from: ['Active'], to: 'Not Operational', refused: 'EQ1018' },
  maintenance: { from: ['Active', 'Not Operational', 'Inactive'], to: 'Maintenance', refused: 'EQ1006' },
  repaired: { from: ['Maintenance'], to: 'Repaired', refused: 'EQ1007' },
  uninstall: { from: ['Active', 'Not Operational', 'Repaired'], to: 'Inactive', refused: 'EQ1015' },
  'turn-off': { from: ['Active'], to: 'Inactive', refused: 'EQ1017' },
  decommission: { from: ['Inactive'], to: 'Decommissioned', refused: 'EQ1008' },
};

describe('device life cycle: every action from every state (docs/DEVICES.md)', () => {
  for (const [action, rule] of Object.entries(table)) {
    for (const state of deviceStates) {
      const allowed = rule.from.includes(state);
      it(`${action} from ${state} → ${allowed ? rule.to : 'refused'}`, async () => {
        const device = await deviceIn(state);
        const res = await call(
          'POST',
          `/api/devices/${device.id}/${action}`,
          'admin@demo.aforo.dev',
          (await rule.body?.(device)) ?? { reason: 'test' },
        );
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().state).toBe(rule.to);
          const history = (await call('GET', `/api/devices/${device.id}/state-history`)).json().rows;
          expect(history[0]).toMatchObject({
            from: state,
            to: rule.to,
            by: { email: 'admin@demo.aforo.dev' },
          });
        } else {
          expect(res.statusCode, res.body).toBe(409);
          expect(res.json().code).toBe(state === 'Decommissioned' ? 'EQ1019' : rule.refused);
        }
      });
    }
  }
});
