/**
 * What the embedded broker refuses before Aedes buffers anything (issue 9): packets over the size
 * limit, a first packet that is not a small CONNECT, and more connections from one address than
 * allowed. Aedes 1.2 has a connect timeout but no packet size limit: its parser (mqtt-packet) keeps
 * whatever a fixed header announces, up to 256 MB, even before CONNECT.
 */
import type net from 'node:net';

export interface BrokerLimits {
  /** Largest MQTT packet a client may send (its remaining length), in bytes. */
  maxPacketBytes: number;
  /** A connection that has not sent CONNECT by then is closed. */
  connectTimeoutMs: number;
  /** Simultaneous connections from one address. */
  maxConnectionsPerAddress: number;
}

/**
 * 256 KB: 1,000 native measures take about 92 KB, 152 KB pretty-printed (docs/DEVICE-PROTOCOL.md).
 * 200 connections an address: the simulator (--devices 50 plus the demo fleet) and the ingest
 * benchmark (100 devices) connect from 127.0.0.1; raise it for gateways or carrier NAT.
 */
export const defaultBrokerLimits: BrokerLimits = {
  maxPacketBytes: 256 * 1024,
  connectTimeoutMs: 5_000,
  maxConnectionsPerAddress: 200,
};

/** CONNECT carries a client id, a serial, a key and at most a small will: 16 KB is ample. */
const maxConnectBytes = 16 * 1024;
const connectType = 1;

/**
 * Follows the MQTT framing of what the client sends (fixed header: type, remaining length as a
 * variable-length integer of up to 4 bytes; then the body) and destroys the socket as soon as a
 * header announces more than allowed. Attached after Aedes' own 'readable' listener, the 'data'
 * listener sees each chunk as Aedes reads it, before its parser does (Node emits 'data' from read()).
 */
export function guardPacketSizes(
  socket: net.Socket,
  maxPacketBytes: number,
  onRefused: (why: string) => void,
) {
  let first = true;
  let state: 'type' | 'length' | 'body' = 'type';
  let type = 0;
  let length = 0;
  let multiplier = 1;
  let lengthBytes = 0;
  let remaining = 0;

  const refuse = (why: string) => {
    socket.removeListener('data', onData);
    socket.destroy();
    onRefused(why);
  };

  function onData(chunk: Buffer) {
    let i = 0;
    while (i < chunk.length) {
      if (state === 'body') {
        const skip = Math.min(remaining, chunk.length - i);
        i += skip;
        remaining -= skip;
        if (remaining === 0) state = 'type';
        continue;
      }
      const byte = chunk[i++]!;
      if (state === 'type') {
        type = byte >> 4;
        if (first && type !== connectType) return refuse(`first packet of type ${type} is not CONNECT`);
        state = 'length';
        length = 0;
        multiplier = 1;
        lengthBytes = 0;
        continue;
      }
      length += (byte & 0x7f) * multiplier;
      multiplier *= 128;
      lengthBytes += 1;
      const limit = first ? Math.min(maxConnectBytes, maxPacketBytes) : maxPacketBytes;
      if (length > limit) return refuse(`packet of type ${type} announces ${length} bytes (limit ${limit})`);
      if (byte & 0x80) {
        if (lengthBytes === 4) return refuse('malformed remaining length');
        continue;
      }
      first = false;
      remaining = length;
      state = remaining === 0 ? 'type' : 'body';
    }
  }

  socket.on('data', onData);
}

/** Counts open connections per remote address; `admit` says whether one more may stay. */
export function connectionCounter(maxPerAddress: number) {
  const open = new Map<string, number>();
  return {
    admit(socket: net.Socket): boolean {
      const address = socket.remoteAddress ?? '';
      const n = open.get(address) ?? 0;
      if (n >= maxPerAddress) return false;
      open.set(address, n + 1);
      socket.once('close', () => {
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      });
      return true;
    },
  };
}
