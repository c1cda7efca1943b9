import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceStates, operationModes } from '@aforo/contracts/device-states';
import { bearer, startTestServer, type TestServer } from '../../test/test-server';

let server: TestServer;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  for (const email of ['viewer@demo.aforo.dev', 'spectator.norte@demo.aforo.dev']) {
    tokens[email] = await server.login(email);
  }
});
afterAll(() => server.close());

describe('device states and operation modes', () => {
  it('lists the device states and operation modes to any signed-in user', async () => {
    for (const token of Object.values(tokens)) {
      const states = await server.request({ method: 'GET', url: '/api/states', headers: bearer(token) });
      expect(states.statusCode).toBe(200);
      expect(states.json()).toEqual({
        rows: deviceStates.map((name) => ({ id: name, name })),
        total: deviceStates.length,
      });
      expect(states.json().rows[0]).toEqual({ id: 'Unconfigured', name: 'Unconfigured' });
      const modes = await server.request({
        method: 'GET',
        url: '/api/operation-modes',
        headers: bearer(token),
      });
      expect(modes.json()).toEqual({
        rows: [
          { id: 'level', name: 'level' },
          { id: 'status pulse', name: 'status pulse' },
        ],
        total: operationModes.length,
      });
    }
  });

  it('answers 401 without a token', async () => {
    for (const url of ['/api/states', '/api/operation-modes']) {
      expect((await server.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
