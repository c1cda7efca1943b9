import { describe, expect, it } from 'vitest';
import { excelSerial, xlsxBytes } from './xlsx';
import { crc32 } from './zip';

/** The entries of a stored ZIP, read from its central directory, each checked against its CRC. */
function readZip(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = bytes.length - 22;
  expect(view.getUint32(end, true)).toBe(0x06054b50);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const entries = new Map<string, string>();
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    expect(view.getUint32(at, true)).toBe(0x02014b50);
    const crc = view.getUint32(at + 16, true);
    const size = view.getUint32(at + 20, true);
    const nameLength = view.getUint16(at + 28, true);
    const local = view.getUint32(at + 42, true);
    const name = decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const dataStart = local + 30 + view.getUint16(local + 26, true);
    const data = bytes.subarray(dataStart, dataStart + size);
    expect(crc32(data), name).toBe(crc);
    entries.set(name, decoder.decode(data));
    at += 46 + nameLength;
  }
  return entries;
}

describe('xlsx writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it('gives Excel serial days (1900 system) of wall-clock times', () => {
    expect(excelSerial({ year: 2026, month: 1, day: 1, hour: 0, minute: 0, second: 0 })).toBe(46_023);
    expect(excelSerial({ year: 2026, month: 1, day: 1, hour: 18, minute: 0, second: 0 })).toBe(46_023.75);
  });

  it('writes a workbook whose sheet holds text, numbers, dates and empty cells', () => {
    const entries = readZip(
      xlsxBytes('Río: nivel/caudal', [
        ['Fecha', 'Valor'],
        [{ year: 2026, month: 1, day: 1, hour: 18, minute: 0, second: 0 }, 1.25],
        ['a<b & "c"', null],
      ]),
    );
    expect([...entries.keys()]).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/workbook.xml',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    // sheet names may not hold : / and the like
    expect(entries.get('xl/workbook.xml')).toContain('<sheet name="Río  nivel caudal"');
    const sheet = entries.get('xl/worksheets/sheet1.xml')!;
    expect(sheet).toContain('<c r="A1" t="inlineStr"><is><t xml:space="preserve">Fecha</t></is></c>');
    expect(sheet).toContain('<c r="A2" s="1"><v>46023.75</v></c><c r="B2"><v>1.25</v></c>');
    expect(sheet).toContain('<t xml:space="preserve">a&lt;b &amp; &quot;c&quot;</t></is></c></row>');
    expect(entries.get('xl/styles.xml')).toContain('formatCode="yyyy-mm-dd hh:mm:ss"');
  });
});
