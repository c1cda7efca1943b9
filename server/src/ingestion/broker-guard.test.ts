/** The MQTT framing the packet-size guard follows, over any chunking of the stream. */
import { EventEmitter } from 'node:events';
import type net from 'node:net';
import { describe, expect, it } from 'vitest';
import { guardPacketSizes } from './broker-guard';

function fakeSocket() {
  const socket = Object.assign(new EventEmitter(), {
    destroyed: false,
    destroy: () => (socket.destroyed = true),
  });
  return socket;
}

function guarded(limit: number) {
  const socket = fakeSocket();
  const refusals: string[] = [];
  guardPacketSizes(socket as unknown as net.Socket, limit, (why) => refusals.push(why));
  const feed = (bytes: Buffer, chunk: number) => {
    for (let i = 0; i < bytes.length && !socket.destroyed; i += chunk)
      socket.emit('data', bytes.subarray(i, i + chunk));
  };
  return { socket, refusals, feed };
}

/** MQTT 3.1.1 framing, written out: fixed header (type, remaining length), then the body. */
function packet(first: number, body: Buffer): Buffer {
  const length: number[] = [];
  let n = body.length;
  do {
    length.push((n % 128) | (n >= 128 ? 0x80 : 0));
    n = Math.floor(n / 128);
  } while (n > 0);
  return Buffer.concat([Buffer.from([first, ...length]), body]);
}
const text = (s: string) => Buffer.concat([Buffer.from([s.length >> 8, s.length & 0xff]), Buffer.from(s)]);
// protocol "MQTT" level 4, flags username + password + clean session, keepalive 60
const connect = packet(
  0x10,
  Buffer.concat([text('MQTT'), Buffer.from([4, 0xc2, 0, 60]), text('device-1'), text('SN-1'), text('key')]),
);
const publish = (size: number) =>
  packet(0x32, Buffer.concat([text('aforo/v1/LVL/SN-1/up'), Buffer.from([0, 7]), Buffer.alloc(size, 0x20)]));
const ping = Buffer.from([0xc0, 0]);

describe('packet size guard', () => {
  it('lets a session of packets under the limit through, whatever the chunk size', () => {
    // 200 bytes (1-byte length), 20 KB (2 bytes), 200 KB (3 bytes), an empty PINGREQ
    const stream = Buffer.concat([connect, publish(200), publish(20_000), ping, publish(200_000), ping]);
    for (const chunk of [1, 2, 3, 7, 1000, 65_536, stream.length]) {
      const { socket, refusals, feed } = guarded(256 * 1024);
      feed(stream, chunk);
      expect([socket.destroyed, refusals]).toEqual([false, []]);
    }
  });

  it('refuses a packet over the limit when its header arrives, even one byte at a time', () => {
    const { socket, refusals, feed } = guarded(256 * 1024);
    const big = publish(300 * 1024);
    feed(Buffer.concat([connect, big.subarray(0, 10)]), 1);
    expect(socket.destroyed).toBe(true);
    expect(refusals[0]).toMatch(/type 3 announces \d+ bytes \(limit 262144\)/);
  });

  it('refuses a first packet that is not CONNECT, or a CONNECT over 16 KB', () => {
    const notConnect = guarded(256 * 1024);
    notConnect.feed(ping, 1);
    expect(notConnect.refusals[0]).toMatch(/not CONNECT/);
    // remaining length 16,384 (0x80 0x80 0x01) is allowed, 16,385 (0x81 0x80 0x01) is not
    const atLimit = guarded(256 * 1024);
    atLimit.feed(Buffer.from([0x10, 0x80, 0x80, 0x01]), 1);
    expect(atLimit.refusals).toEqual([]);
    const over = guarded(256 * 1024);
    over.feed(Buffer.from([0x10, 0x81, 0x80, 0x01]), 1);
    expect(over.refusals[0]).toMatch(/type 1 announces 16385 bytes \(limit 16384\)/);
  });
});
