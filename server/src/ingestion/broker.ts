/**
 * The embedded MQTT broker (Aedes, MQTT 3.1.1) used when MQTT_URL is unset. Devices log in with
 * username = serial and password = device key (or their product's provisioning key), may publish
 * only to their own up/events topics and subscribe only to their own ack/config topics.
 *
 * Ingestion runs inside authorizePublish: Aedes sends the PUBACK only when that callback returns, so
 * calling back after the batch is committed gives "PUBACK after commit" without a second hop.
 * broker-guard.ts drops oversized packets, slow or missing CONNECTs and too many connections an address.
 */
import net from 'node:net';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { Logger } from 'pino';
import { connectionCounter, defaultBrokerLimits, guardPacketSizes, type BrokerLimits } from './broker-guard';
import type { DeviceContext } from './device-directory';
import type { Ingestion } from './ingestion';

export interface EmbeddedBroker {
  broker: Aedes;
  port: number;
  close(): Promise<void>;
}

const deviceOf = new WeakMap<Client, DeviceContext>();

function refused(): AuthenticateError {
  return Object.assign(new Error('bad serial or device key'), { returnCode: 4 as const });
}

export async function startEmbeddedBroker(
  options: { port: number; host: string; ingestion: Ingestion; limits?: Partial<BrokerLimits> },
  log: Logger,
): Promise<EmbeddedBroker> {
  const { ingestion } = options;
  const limits: BrokerLimits = {
    ...defaultBrokerLimits,
    maxPacketBytes: ingestion.maxMessageBytes,
    ...options.limits,
  };
  const { topics } = ingestion;
  // eslint-disable-next-line prefer-const -- the hooks below need the broker they are given to
  let broker: Aedes;

  const publish = (topic: string, payload: string, retain: boolean) =>
    new Promise<void>((resolve, reject) => {
      const packet = {
        cmd: 'publish',
        topic,
        payload: Buffer.from(payload),
        qos: 1,
        retain,
        dup: false,
      } as PublishPacket;
      broker.publish(packet, (err?: Error) => (err ? reject(err) : resolve()));
    });

  broker = await Aedes.createBroker({
    // every device message and every ack passes through the broker's emitter; its default of 100 at
    // once queued acks for seconds under load
    concurrency: 1000,
    connectTimeout: limits.connectTimeoutMs,
    authenticate: (client, username, password, done) => {
      if (!username || !password) return done(refused(), false);
      ingestion.directory
        .authenticate(username, password.toString('utf8'))
        .then((device) => {
          if (!device) return done(refused(), false);
          deviceOf.set(client, device);
          done(null, true);
          // the retained config lives in this broker's memory: make sure it is there (the first
          // login since start publishes it) before the device subscribes
          void ingestion
            .publishConfig(device.serial, { unlessPublished: true })
            .catch((err: unknown) => log.warn({ err }, 'config publish failed'));
        })
        .catch((err: unknown) => {
          log.error({ err }, 'device authentication failed');
          done(refused(), false);
        });
    },
    authorizePublish: (client, packet, done) => {
      // the broker's own publishes (acks, configs) have no client
      if (!client) return done(null);
      const device = deviceOf.get(client);
      const topic = topics.parse(packet.topic);
      if (
        !device ||
        !topic ||
        topic.serial !== device.serial ||
        (topic.channel !== 'up' && topic.channel !== 'events')
      )
        return done(new Error(`not allowed to publish on ${packet.topic}`));
      const incoming = {
        topic: packet.topic,
        payload: Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload),
        serial: device.serial,
        topicProduct: topic.product,
        receivedAt: new Date(),
      };
      const handled = topic.channel === 'up' ? ingestion.up(incoming) : ingestion.events(incoming);
      handled.then(
        (ack) => {
          done(null);
          if (topic.channel === 'up') void ingestion.sendAck(topic.product, device.serial, ack);
        },
        (err: unknown) => {
          // not stored: no PUBACK, the connection drops and the device sends again
          log.warn({ err, serial: device.serial }, 'message not stored; disconnecting the device');
          done(err instanceof Error ? err : new Error(String(err)));
        },
      );
    },
    authorizeSubscribe: (client, sub, done) => {
      const device = client ? deviceOf.get(client) : undefined;
      const topic = topics.parse(sub.topic);
      const own =
        device &&
        topic &&
        topic.serial === device.serial &&
        (topic.channel === 'ack' || topic.channel === 'config');
      // null = refuse this subscription (SUBACK 0x80), the connection stays
      done(null, own ? sub : null);
    },
  });

  const connections = connectionCounter(limits.maxConnectionsPerAddress);
  const server = net.createServer((socket) => {
    if (!connections.admit(socket)) {
      log.debug({ address: socket.remoteAddress }, 'too many MQTT connections from one address');
      socket.destroy();
      return;
    }
    broker.handle(socket);
    // after Aedes' listeners: see packet-size guard
    guardPacketSizes(socket, limits.maxPacketBytes, (why) =>
      log.warn({ address: socket.remoteAddress }, `MQTT connection dropped: ${why}`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (err) => {
      // nothing listens: do not leave a broker behind that would receive acks and configs
      broker.close(() => reject(err));
    });
    server.listen(options.port, options.host, () => {
      server.removeAllListeners('error');
      resolve();
    });
  });
  const unpublish = ingestion.addPublisher((topic, payload, { retain }) => publish(topic, payload, retain));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  return {
    broker,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        unpublish();
        server.close();
        broker.close(() => resolve());
      }),
  };
}
