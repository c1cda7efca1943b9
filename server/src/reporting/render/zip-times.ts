/**
 * Fixed times inside a ZIP, so one report always gives the same bytes (docs/REPORTS.md "Month close":
 * frozen files carry a SHA-256). exceljs's zip stamps every entry with the moment it is written, and
 * takes no date for them; the stamps are rewritten here, in place, once the archive is complete.
 */

const signature = { central: 0x02014b50, local: 0x04034b50, end: 0x06054b50 } as const;

/** `at` (its UTC fields, as jszip writes them) as MS-DOS time and date words. */
function dosStamp(at: Date): { time: number; date: number } {
  const year = Math.min(2107, Math.max(1980, at.getUTCFullYear()));
  const time = (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2);
  const date = ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate();
  return { time, date };
}

/**
 * A copy of `zip` whose entries are all dated `at`: the time and date words of each central
 * directory record and of the local header it points to (no checksum covers them).
 */
export function withEntryTimes(zip: Uint8Array, at: Date): Buffer {
  const out = Buffer.from(zip);
  // the end record sits in the last 22 bytes when the archive has no comment (exceljs writes none)
  const end = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0 || out.readUInt32LE(end) !== signature.end) throw new Error('not a zip archive');
  const { time, date } = dosStamp(at);
  const count = out.readUInt16LE(end + 10);
  let offset = out.readUInt32LE(end + 16);
  for (let index = 0; index < count; index += 1) {
    if (out.readUInt32LE(offset) !== signature.central) throw new Error('broken zip directory');
    out.writeUInt16LE(time, offset + 12);
    out.writeUInt16LE(date, offset + 14);
    const local = out.readUInt32LE(offset + 42);
    if (out.readUInt32LE(local) !== signature.local) throw new Error('broken zip entry');
    out.writeUInt16LE(time, local + 10);
    out.writeUInt16LE(date, local + 12);
    offset +=
      46 + out.readUInt16LE(offset + 28) + out.readUInt16LE(offset + 30) + out.readUInt16LE(offset + 32);
  }
  return out;
}
