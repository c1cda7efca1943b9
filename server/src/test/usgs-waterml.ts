/**
 * A strict reader of one series of a USGS WaterML 1.1 instantaneous-values response
 * (server/src/test/data/usgs/README.md): every <ns1:value> element of the series must match the
 * expected shape, or it throws, so no value is silently skipped.
 */

export interface WaterMlValue {
  /** The dateTime as written, with its offset. */
  dateTime: string;
  /** Epoch milliseconds. */
  ms: number;
  value: number;
  qualifiers: string;
}

export interface WaterMlSeries {
  parameter: string;
  unit: string;
  noDataValue: number;
  values: WaterMlValue[];
}

const seriesPattern = /<ns1:timeSeries\b[^>]*>[\s\S]*?<\/ns1:timeSeries>/g;
const valuePattern =
  /^<ns1:value qualifiers="([A-Za-z, ]*)" dateTime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d)">(-?\d+(?:\.\d+)?)<\/ns1:value>$/;

function only(block: string, pattern: RegExp, what: string): string {
  const found = [...block.matchAll(pattern)];
  if (found.length !== 1) throw new Error(`expected one ${what}, found ${found.length}`);
  return found[0]![1]!;
}

/** The series of one parameter code (e.g. 00065, gage height): its unit, no-data value and values. */
export function readWaterMlSeries(xml: string, parameter: string): WaterMlSeries {
  const blocks = [...xml.matchAll(seriesPattern)]
    .map((m) => m[0])
    .filter(
      (b) => only(b, /<ns1:variableCode\b[^>]*>([^<]*)<\/ns1:variableCode>/g, 'variableCode') === parameter,
    );
  if (blocks.length !== 1) throw new Error(`expected one series of ${parameter}, found ${blocks.length}`);
  const block = blocks[0]!;
  const unit = only(block, /<ns1:unitCode>([^<]*)<\/ns1:unitCode>/g, 'unitCode');
  const noDataValue = Number(only(block, /<ns1:noDataValue>([^<]*)<\/ns1:noDataValue>/g, 'noDataValue'));
  // every element opening with <ns1:value followed by a space or '>' (not <ns1:values>)
  const elements = [...block.matchAll(/<ns1:value[\s>][\s\S]*?<\/ns1:value>/g)].map((m) => m[0]);
  const opened = [...block.matchAll(/<ns1:value[\s>]/g)].length;
  if (elements.length !== opened) throw new Error(`${opened} value elements, ${elements.length} closed`);
  const values = elements.map((element) => {
    const m = valuePattern.exec(element);
    if (!m) throw new Error(`unexpected value element: ${element}`);
    const ms = Date.parse(m[2]!);
    if (!Number.isFinite(ms)) throw new Error(`unreadable dateTime: ${m[2]}`);
    return { qualifiers: m[1]!, dateTime: m[2]!, ms, value: Number(m[3]) };
  });
  return { parameter, unit, noDataValue, values };
}
