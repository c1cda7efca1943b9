/** The embedded MQTT broker (Aedes, MQTT 3.1.1) used when MQTT_URL is unset. */
import net from 'node:net';
import { Aedes, type AuthenticateError } from 'aedes';
import type { Logger } from 'pino';

/** Checks a device's MQTT credentials: username = serial, password = device key (DESIGN.md §6). */
export type DeviceAuthenticator = (serial: string, key: string) => Promise<boolean>;

export interface EmbeddedBroker {
  broker: Aedes;
  port: number;
  close(): Promise<void>;
}

function refused(): AuthenticateError {
  return Object.assign(new Error('bad serial or device key'), { returnCode: 4 as const });
}

export async function startEmbeddedBroker(
  options: { port: number; host: string; authenticate: DeviceAuthenticator },
  log: Logger,
): Promise<EmbeddedBroker> {
  const broker = await Aedes.createBroker({
    authenticate: (_client, username, password, done) => {
      if (!username || !password) return done(refused(), false);
      options
        .authenticate(username, password.toString('utf8'))
        .then((ok) => done(ok ? null : refused(), ok))
        .catch((err: unknown) => {
          log.error({ err }, 'device authentication failed');
          done(refused(), false);
        });
    },
  });
  const server = net.createServer(broker.handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    broker,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        broker.close(() => server.close(() => resolve()));
      }),
  };
}
