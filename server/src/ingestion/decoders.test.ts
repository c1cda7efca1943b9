import { describe, expect, it } from 'vitest';
import { decodePayload } from './decoders';

const now = new Date('2026-11-21T12:00:00Z');

describe('decodePayload: native', () => {
  it('reads the docs/DEVICE-PROTOCOL.md example, with epoch and ISO times', () => {
    const r = decodePayload(
      JSON.stringify({
        v: 1,
        product: 'LVL',
        model: 'LV-420',
        serial: 'A1B2C3',
        fw: '2.4.1',
        msg_seq: 123,
        status: { battery: 3.61, rssi: -87 },
        measures: [
          { port: 'ai1', t: 1767261600, v: 12.004 },
          { port: 'ai1', t: '2026-01-01T10:15:00Z', v: 12.01 },
        ],
      }),
    );
    expect(r).toMatchObject({
      ok: true,
      message: {
        format: 'native',
        serial: 'A1B2C3',
        product: 'LVL',
        model: 'LV-420',
        firmware: '2.4.1',
        msgSeq: 123,
        status: { battery: 3.61, rssi: -87 },
      },
    });
    if (!r.ok) throw new Error(r.detail);
    expect(r.message.measures.map((m) => [m.port, m.t.toISOString(), m.v])).toEqual([
      ['ai1', '2026-01-01T10:00:00.000Z', 12.004],
      ['ai1', '2026-01-01T10:15:00.000Z', 12.01],
    ]);
  });

  it('refuses missing fields, NaN-like values, empty and oversized batches as an invalid payload', () => {
    const base = { v: 1, product: 'LVL', model: 'M', serial: 'S' };
    for (const body of [
      { ...base, measures: [] },
      { ...base, measures: [{ port: 'ai1', t: 1, v: 'x' }] },
      { ...base, measures: Array.from({ length: 1001 }, (_, i) => ({ port: 'ai1', t: i, v: 1 })) },
      { v: 1, product: 'LVL', serial: 'S', measures: [{ port: 'ai1', t: 1, v: 1 }] },
    ]) {
      const r = decodePayload(JSON.stringify(body));
      expect(r).toMatchObject({ ok: false, reason: 'invalid payload' });
    }
  });
});

describe('decodePayload: SenML (RFC 8428)', () => {
  it('resolves base name, base time and base value, and relative times against now', () => {
    const pack = [
      { bn: 'urn:dev:sn:A1B2C3:', bt: 1767261600, bv: 0, n: 'ai1', v: 12.5, u: 'mA' },
      { n: 'ai1', t: 900, v: 12.6 },
      { bn: 'urn:dev:sn:A1B2C3:', bt: 0, n: 'p1', t: -60, v: 3 },
    ];
    const r = decodePayload(JSON.stringify(pack), now);
    if (!r.ok) throw new Error(r.detail);
    expect(r.message.serial).toBe('A1B2C3');
    expect(r.message.measures.map((m) => [m.port, m.t.toISOString(), m.v])).toEqual([
      ['ai1', '2026-01-01T10:00:00.000Z', 12.5],
      ['ai1', '2026-01-01T10:15:00.000Z', 12.6],
      ['p1', '2026-11-21T11:59:00.000Z', 3],
    ]);
  });

  it('refuses names outside urn:dev:sn:{serial}:{port}, mixed devices and non-numeric values', () => {
    expect(decodePayload(JSON.stringify([{ n: 'temperature', v: 1 }]))).toMatchObject({
      ok: false,
      reason: 'invalid payload',
    });
    expect(
      decodePayload(
        JSON.stringify([
          { bn: 'urn:dev:sn:A:', n: 'ai1', v: 1 },
          { bn: 'urn:dev:sn:B:', n: 'ai1', v: 2 },
        ]),
      ),
    ).toMatchObject({ ok: false, reason: 'invalid payload' });
    expect(decodePayload(JSON.stringify([{ bn: 'urn:dev:sn:A:', n: 'door', vb: true }]))).toMatchObject({
      ok: false,
      reason: 'invalid payload',
    });
  });
});

describe('decodePayload: ThingsBoard-style', () => {
  it('reads {ts (ms), values} and arrays of them', () => {
    const r = decodePayload(
      JSON.stringify([
        { ts: 1767261600000, values: { ai1: 12.2, p1: 4 } },
        { ts: 1767262500000, values: { ai1: 12.3 } },
      ]),
    );
    if (!r.ok) throw new Error(r.detail);
    expect(r.message.format).toBe('thingsboard');
    expect(r.message.serial).toBeNull();
    expect(r.message.measures).toHaveLength(3);
    expect(r.message.measures[2]).toEqual({ port: 'ai1', t: new Date('2026-01-01T10:15:00Z'), v: 12.3 });
  });
});

describe('decodePayload: unknown format', () => {
  it('names text that is not JSON or JSON of no known shape', () => {
    expect(decodePayload('hello')).toEqual({ ok: false, reason: 'unknown format', detail: 'not JSON' });
    expect(decodePayload('{"temperature": 20}')).toMatchObject({ ok: false, reason: 'unknown format' });
    expect(decodePayload('42')).toMatchObject({ ok: false, reason: 'unknown format' });
    expect(decodePayload(Buffer.from('[1,2,3]'))).toMatchObject({ ok: false, reason: 'unknown format' });
  });
});
