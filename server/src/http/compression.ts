/**
 * Compressed answers where it pays (issue 25): JSON and CSV of 8 KiB or more — the monitoring list,
 * the map, charts, exports — to a client that accepts br or gzip. Smaller answers go as they are:
 * below a few KiB the CPU spent compressing costs more than the bytes saved. Brotli at quality 4
 * compresses JSON about as well as gzip -6 for less CPU than gzip; quality 11 (the library's
 * default) costs tens of ms for an answer of 100 KiB. Registered last in createHttpServer, so it
 * wraps only the modules' routes registered after it: the web app's files (already minified,
 * fetched once and cached) are served as they are, and the live stream (hijacked) is never buffered.
 */
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export const compressAbove = 8 * 1024;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    threshold: compressAbove,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
