/** MQTT topics of docs/DEVICE-PROTOCOL.md: {prefix}/{product}/{serial}/{up|events|ack|config}. */

export const deviceChannels = ['up', 'events', 'ack', 'config'] as const;
export type DeviceChannel = (typeof deviceChannels)[number];

export interface DeviceTopic {
  product: string;
  serial: string;
  channel: DeviceChannel;
}

export interface Topics {
  prefix: string;
  parse(topic: string): DeviceTopic | null;
  of(product: string, serial: string, channel: DeviceChannel): string;
  /** What the ingest service subscribes to (`+` for product and serial). */
  wildcard(channel: DeviceChannel): string;
}

export function createTopics(prefix: string): Topics {
  const head = `${prefix}/`;
  return {
    prefix,
    parse(topic) {
      if (!topic.startsWith(head)) return null;
      const parts = topic.slice(head.length).split('/');
      if (parts.length !== 3) return null;
      const [product, serial, channel] = parts as [string, string, string];
      if (!product || !serial || !(deviceChannels as readonly string[]).includes(channel)) return null;
      return { product, serial, channel: channel as DeviceChannel };
    },
    of: (product, serial, channel) => `${head}${product}/${serial}/${channel}`,
    wildcard: (channel) => `${head}+/+/${channel}`,
  };
}
