/**
 * Ingestion from an external broker (Mosquitto, EMQX…) when MQTT_URL is set. The broker checks the
 * devices' credentials and ACLs (docs/DEVICE-PROTOCOL.md). With `shared` (MQTT_SHARED_SUBSCRIPTION=on)
 * Aforo subscribes with a shared subscription, `$share/aforo/...`, so every ingest process takes a
 * share of the messages; otherwise with a plain one, which Mosquitto 2.0 keeps across its own restart
 * (it drops a persistent session's shared subscriptions then: docs/OPERATIONS.md, "Faults").
 *
 * The session is persistent (clean = false, long expiry) so the broker keeps the messages that arrive
 * while Aforo is down, and each PUBACK to the broker goes out only after the commit: a crash before
 * it makes the broker deliver the message again.
 */
import os from 'node:os';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Logger } from 'pino';
import type { Ingestion } from './ingestion';

export interface ExternalIngest {
  client: MqttClient;
  close(): Promise<void>;
}

/** Tells mqtt.js not to acknowledge: we do it ourselves after commit (see handleMessage below). */
const ackLater = new Error('acknowledged after commit');

export async function startExternalIngest(
  options: {
    url: string;
    clientId?: string;
    ingestion: Ingestion;
    sessionExpirySeconds?: number;
    /** $share/aforo/… (several ingest processes) rather than plain topic filters. */
    shared?: boolean;
    /** Whether the database answers: a message that could not be stored is asked for again only then. */
    databaseAnswers?: () => Promise<boolean>;
  },
  log: Logger,
): Promise<ExternalIngest> {
  const { ingestion } = options;
  const { topics } = ingestion;
  // connected further down, once handleMessage below is ours: a persistent session's waiting
  // messages arrive right after the CONNACK, and mqtt.js's own handler would acknowledge them to the
  // broker unstored — lost (found by the scale-out test: a stopped ingest process's waiting share)
  const client = mqtt.connect(options.url, {
    clientId: options.clientId ?? `aforo-ingest-${os.hostname()}`,
    protocolVersion: 5,
    clean: false,
    // many messages in flight at once: each waits for its batch's commit before its PUBACK
    properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 7 * 86_400, receiveMaximum: 2000 },
    // back soon after a broker restart: a shared subscription misses what arrives before it is renewed
    reconnectPeriod: 250,
  });

  /**
   * A message that could not be stored (the database is away) is not acknowledged; the broker sends
   * it again when the connection starts over. One reconnection for all of them, once the database
   * answers again: calling mqtt.js's reconnect() for each failed message (as before) while hundreds
   * failed left the client "disconnecting" for good — it never reconnected after the next broker
   * restart (found by test:faults). Dropping the socket lets mqtt.js's own reconnection run.
   */
  let redelivery: Promise<void> | null = null;
  let closing = false;
  const databaseAnswers = options.databaseAnswers ?? (() => Promise.resolve(true));
  function redeliverOnceStorable(): void {
    redelivery ??= (async () => {
      for (let wait = 250; !(await databaseAnswers().catch(() => false)); wait = Math.min(2 * wait, 5000)) {
        if (closing) return;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      redelivery = null;
      if (closing) return;
      log.info('the database answers again: reconnecting to the broker for what was not stored');
      client.stream?.destroy();
    })();
  }

  // this process's share of the shared subscription, logged at close (docs/OPERATIONS.md "Scale-out, measured")
  const taken = { messages: 0, measures: 0 };

  const sendPuback = (messageId: number | undefined) => {
    if (messageId === undefined) return;
    // mqtt.js has no public call for a deferred PUBACK; _sendPacket is the one it uses itself
    (client as unknown as { _sendPacket(p: object): void })._sendPacket({
      cmd: 'puback',
      messageId,
      reasonCode: 0,
    });
  };

  // mqtt.js handles incoming packets one at a time and acknowledges a QoS 1 message when this
  // callback returns. Waiting for the commit here would allow one message per commit; instead we
  // return at once with `ackLater` (mqtt.js then moves on without acknowledging) and send the
  // PUBACK when the batch holding the message is committed.
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const topic = topics.parse(packet.topic);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (!topic || (topic.channel !== 'up' && topic.channel !== 'events')) {
      callback();
      return;
    }
    const incoming = {
      topic: packet.topic,
      payload,
      serial: topic.serial,
      topicProduct: topic.product,
      receivedAt: new Date(),
    };
    const handled = topic.channel === 'up' ? ingestion.up(incoming) : ingestion.events(incoming);
    handled.then(
      (ack) => {
        taken.messages += 1;
        taken.measures += ack.accepted;
        if (packet.qos > 0) sendPuback(packet.messageId);
        if (topic.channel === 'up') void ingestion.sendAck(topic.product, topic.serial, ack);
      },
      (err: unknown) => {
        // not stored and not acknowledged: the broker delivers it again after we reconnect
        log.warn({ err, topic: packet.topic }, 'message not stored; reconnecting to get it again');
        redeliverOnceStorable();
      },
    );
    callback(packet.qos > 0 ? ackLater : undefined);
  };
  await new Promise<void>((resolve, reject) => {
    const connected = () => {
      client.off('error', failed);
      resolve();
    };
    const failed = (err: Error) => {
      client.off('connect', connected);
      client.end(true);
      reject(err);
    };
    client.once('connect', connected);
    client.once('error', failed);
  });

  const unpublish = ingestion.addPublisher((topic, payload, { retain }) =>
    client.publishAsync(topic, payload, { qos: 1, retain }).then(() => undefined),
  );
  const subscriptions = [topics.wildcard('up'), topics.wildcard('events')].map((t) =>
    options.shared ? `$share/aforo/${t}` : t,
  );
  await client.subscribeAsync(subscriptions, { qos: 1 });
  log.info({ url: options.url }, 'subscribed to the external broker');
  // Subscribe again on every reconnection. mqtt.js does not when the broker says the session is
  // present, but Mosquitto 2.0 restores a persistent session without its shared subscriptions after
  // a restart: Aforo stayed connected and received nothing (found by test:faults). Subscribing to
  // the same filter again only replaces the subscription; queued messages are delivered either way.
  // (`resubscribe: true`: without it mqtt.js skips filters it believes the broker still holds)
  client.on('connect', () => {
    const again = {
      ...Object.fromEntries(subscriptions.map((t) => [t, { qos: 1 as const }])),
      resubscribe: true,
    };
    client.subscribeAsync(again as unknown as mqtt.ISubscriptionMap).then(
      () => log.info({ url: options.url }, 'subscribed to the external broker again after reconnecting'),
      (err: unknown) => log.warn({ err }, 'subscribing again after reconnecting failed'),
    );
  });
  return {
    client,
    close: async () => {
      closing = true;
      unpublish();
      await ingestion.close();
      await client.endAsync();
      log.info({ url: options.url, ...taken }, 'left the external broker: messages stored by this process');
    },
  };
}
