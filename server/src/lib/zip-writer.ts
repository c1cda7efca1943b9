/**
 * Several exported files in one ZIP download (yazl), e.g. a report's daily CSV beside its summary
 * XLSX: each file is opened only when the archive reaches it, so they are read one after another
 * and never held whole in memory.
 */
import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export const zipMimeType = 'application/zip';

export interface ZipEntry {
  /** The file's name inside the archive. */
  name: string;
  /** Opens the file's content (called once, when its turn comes). */
  open: () => Readable;
}

/** The archive as a stream; a file that fails is reported to `onError` and ends the archive cut. */
export function zipStream(entries: readonly ZipEntry[], onError: (error: unknown) => void): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  const fail = (error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  };
  for (const entry of entries)
    zip.addReadStreamLazy(entry.name, (callback) => {
      try {
        const content = entry.open();
        content.once('error', fail);
        callback(null, content);
      } catch (error) {
        fail(error);
      }
    });
  zip.end();
  return output;
}
