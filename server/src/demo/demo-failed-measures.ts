/** Refused messages of the demo devices, one per reason of the protocol (the seed's examples). */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { day } from './series-time';

const p = sql.param;

/**
 * A handful of refused messages, one per reason of the protocol, as real devices get them wrong:
 * so the measures-failed screen and its payload viewer have something to show.
 */
export async function insertFailedExamples(
  tx: Db,
  installed: { serial: string; productCode: string; modelName: string; point: { kind: string } }[],
  now: number,
  prefix: string,
): Promise<void> {
  const river = installed.find((d) => d.point.kind === 'river');
  const rain = installed.find((d) => d.point.kind === 'rain_gauge');
  const well = installed.find((d) => d.point.kind === 'well');
  if (!river || !rain || !well) return;
  const topic = (d: { productCode: string; serial: string }) => `${prefix}/${d.productCode}/${d.serial}/up`;
  const at = (daysAgo: number) => new Date(now - daysAgo * day);
  const epoch = (daysAgo: number) => Math.floor((now - daysAgo * day) / 1000 / 900) * 900;
  const native = (d: typeof river, over: Record<string, unknown>) =>
    JSON.stringify({
      v: 1,
      product: d.productCode,
      model: d.modelName,
      serial: d.serial,
      fw: '1.2.0',
      msg_seq: 4711,
      status: { battery: 3.58, rssi: -84 },
      ...over,
    });
  const rows = [
    {
      receivedAt: at(9.2),
      d: river,
      reason: 'unknown format',
      detail: 'not JSON',
      payload: 'AT+CSQ\r\n+CSQ: 17,99\r\nOK\r\n',
      measureIndex: null,
    },
    {
      receivedAt: at(7.6),
      d: well,
      reason: 'invalid payload',
      detail: 'measures.0.v: Invalid input: expected number, received string',
      payload: native(well, { measures: [{ port: 'ai1', t: epoch(7.6), v: '0,912' }] }),
      measureIndex: null,
    },
    {
      receivedAt: at(6.1),
      d: river,
      reason: 'product not found',
      detail: 'product LVX is not in the catalogue',
      payload: native(river, { product: 'LVX', measures: [{ port: 'ai1', t: epoch(6.1), v: 4.871 }] }),
      measureIndex: null,
    },
    {
      receivedAt: at(5.3),
      d: river,
      reason: 'model not found',
      detail: 'model VEGAPULS C 22 is not in the catalogue',
      payload: native(river, {
        model: 'VEGAPULS C 22',
        measures: [{ port: 'ai1', t: epoch(5.3), v: 4.902 }],
      }),
      measureIndex: null,
    },
    {
      receivedAt: at(4.4),
      d: rain,
      reason: 'product not expected',
      detail: `device ${rain.serial} is registered as product ${rain.productCode}, not MULTI`,
      payload: native(rain, { product: 'MULTI', measures: [{ port: 'p1', t: epoch(4.4), v: 0 }] }),
      measureIndex: null,
    },
    {
      receivedAt: at(3.2),
      d: well,
      reason: 'model not expected',
      detail: `device ${well.serial} is registered as model ${well.modelName}, not ARC-1`,
      payload: native(well, { model: 'ARC-1', measures: [{ port: 'ai1', t: epoch(3.2), v: 0.874 }] }),
      measureIndex: null,
    },
    {
      receivedAt: at(2.05),
      d: river,
      reason: 'duplicated measure',
      detail: `msg_seq 4711: ai1 at ${new Date(epoch(2.1) * 1000).toISOString()} is stored already`,
      payload: JSON.stringify({ port: 'ai1', t: epoch(2.1), v: 4.915 }),
      measureIndex: 0,
    },
    {
      receivedAt: at(1.4),
      d: rain,
      reason: 'invalid date',
      detail: 'msg_seq 4711: p1 at 1970-01-01T00:15:00.000Z: before 2000',
      payload: JSON.stringify({ port: 'p1', t: 900, v: 0 }),
      measureIndex: 1,
    },
  ];
  await tx.execute(sql`
    insert into failed_measures (received_at, topic, serial, reason, detail, payload, measure_index)
    select to_timestamp(r), topic, serial, reason, detail, payload, idx from unnest(
      ${p(rows.map((f) => f.receivedAt.getTime() / 1000))}::float8[], ${p(rows.map((f) => topic(f.d)))}::text[],
      ${p(rows.map((f) => f.d.serial))}::text[], ${p(rows.map((f) => f.reason))}::text[],
      ${p(rows.map((f) => f.detail))}::text[], ${p(rows.map((f) => f.payload))}::text[],
      ${p(rows.map((f) => f.measureIndex))}::int[]) as t(r, topic, serial, reason, detail, payload, idx)`);
}
